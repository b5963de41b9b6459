import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export function Component() {
  return (
    <section className="mx-auto max-w-md py-10">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">Forgot your password?</h1>
          <p className="text-base-content/80">
            Enter the email of your account and we will send a link to choose a new password.
          </p>
          <ForgotPasswordForm />
          <Link to={paths.logIn} className="link link-primary text-sm">
            Back to log in
          </Link>
        </div>
      </div>
    </section>
  );
}
