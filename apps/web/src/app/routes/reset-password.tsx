import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // The emailed link passes through the server, which sends an invalid or expired token here
  // with ?error= instead of ?token=.
  const linkBroken = !token || params.has('error');
  return (
    <section className="mx-auto max-w-md py-10">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">Choose a new password</h1>
          {linkBroken ? (
            <>
              <p role="alert" className="text-error">
                This reset link is invalid or has expired.
              </p>
              <Link to={paths.forgotPassword} className="btn btn-primary btn-block">
                Ask for a new link
              </Link>
            </>
          ) : (
            <ResetPasswordForm token={token} />
          )}
        </div>
      </div>
    </section>
  );
}
