import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { RegistrationForm } from '../../features/auth/components/registration-form.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { appConfigQueryOptions } from '../../features/auth/api/get-app-config.ts';

/** Whether social sign-in is offered is known before the page shows. */
export async function loader() {
  await queryClient.prefetchQuery(appConfigQueryOptions);
  return null;
}

export function Component() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-md py-10">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">Registration</h1>
          <RegistrationForm onRegistered={() => void navigate(paths.home, { replace: true })} />
          <p className="text-sm">
            Already have an account?{' '}
            <Link to={paths.logIn} className="link link-primary">
              Log in
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
