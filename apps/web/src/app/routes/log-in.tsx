import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { MESSAGES } from '@market/shared';
import { paths, safeReturnPath } from '../../config/paths.ts';
import { appConfigQueryOptions, useAppConfig } from '../../features/auth/api/get-app-config.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { LogInForm } from '../../features/auth/components/log-in-form.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { queryClient } from '../../lib/query-client.ts';

/** Marks the return from the Google (or OpenID Connect) provider, so the welcome shows once. */
const SOCIAL_RETURN = 'social';

/** Whether social sign-in is offered is known before the page shows. */
export async function loader() {
  await queryClient.prefetchQuery(appConfigQueryOptions);
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = params.get('from');
  const returnTo = safeReturnPath(from);
  const appConfig = useAppConfig();
  const me = useMe();

  const back = new URLSearchParams(from ? { from } : {});
  const errorCallbackURL = `${paths.logIn}?${back}`;
  back.set(SOCIAL_RETURN, '1');
  const callbackURL = `${paths.logIn}?${back}`;

  const returnedFromProvider = params.get(SOCIAL_RETURN) === '1';
  const greeted = useRef(false);
  useEffect(() => {
    if (!returnedFromProvider || !me.data || greeted.current) return;
    greeted.current = true;
    toast.success(MESSAGES.socialLoginSuccess);
    void navigate(returnTo, { replace: true });
  }, [returnedFromProvider, me.data, navigate, returnTo]);

  const providerError = params.get('error');

  return (
    <section className="mx-auto max-w-md py-10">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">Log in</h1>
          {providerError && (
            <p role="alert" className="text-sm text-error">
              Google sign-in did not complete: {providerError.replaceAll('_', ' ').toLowerCase()}
            </p>
          )}
          <SocialSignIn callbackURL={callbackURL} errorCallbackURL={errorCallbackURL} />
          <div className="divider my-0">or</div>
          <LogInForm
            demoAdmin={appConfig.data?.demoAdmin}
            onSignedIn={() => void navigate(returnTo, { replace: true })}
          />
          <p className="flex flex-wrap justify-between gap-2 text-sm">
            <Link to={paths.forgotPassword} className="link link-primary">
              Forgot your password?
            </Link>
            <Link to={paths.registration} className="link link-primary">
              New here? Register
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
