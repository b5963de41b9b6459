import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

/** The email typed on the log-in page, when the person came from there. */
function emailFromLogIn(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string') {
    return state.email;
  }
  return '';
}

export function Component() {
  const location = useLocation();
  return (
    <section className="mx-auto max-w-md py-10">
      <PageTitle page="Forgot your password?" />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">Forgot your password?</h1>
          <p className="text-base-content/80">
            Enter the email of your account and we will send a link to choose a new password.
          </p>
          <ForgotPasswordForm initialEmail={emailFromLogIn(location.state)} />
          <Link
            to={paths.logIn}
            className="link link-primary inline-flex min-h-11 items-center text-sm"
          >
            Back to log in
          </Link>
        </div>
      </div>
    </section>
  );
}
