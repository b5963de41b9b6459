import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { MESSAGES, pathInLanguage } from '@market/shared';
import { languageToSwitchTo } from '../../i18n/remember.ts';
import { paths, registrationPath, safeReturnPath, type LogInState } from '../../config/paths.ts';
import { appConfigQueryOptions, useAppConfig } from '../../features/auth/api/get-app-config.ts';
import { useMe } from '../../lib/session.ts';
import { BecomeSellerButton } from '../../features/account/components/become-seller-button.tsx';
import { LogInForm } from '../../features/auth/components/log-in-form.tsx';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { queryClientContext } from '../../lib/query-client.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { socialSignInProblem } from '../../features/auth/social-sign-in-errors.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { AccountWallNote, isPhoneListPath } from '../../components/layout/account-wall.tsx';

/** Marks the return from the Google (or OpenID Connect) provider, so the welcome shows once. */
const SOCIAL_RETURN = 'social';

/** Whether social sign-in is offered is known before the page shows. */
export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  await queryClient.prefetchQuery(appConfigQueryOptions);
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const from = params.get('from');
  const returnTo = safeReturnPath(from);
  const appConfig = useAppConfig();
  const me = useMe();
  // Handed to the forgot-password page, so that the email is not typed twice.
  const [typedEmail, setTypedEmail] = useState('');

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

  // Someone signed in (sent here from a page of another role, or who came on their own) is told
  // so, with the ways on, instead of a bare form. Once the form has been shown (nobody signed
  // in, or another account chosen), it stays until the sign-in it is used for has moved on.
  const location = useLocation();
  const hydrated = useHydrated();
  const [formInUse, setFormInUse] = useState(false);
  if (!formInUse && !me.isPending && !me.data) setFormInUse(true);
  if (me.data && !formInUse && !returnedFromProvider) {
    // Whose page it was lives in the history entry, which the server that drew this page
    // cannot see: it is read once the app has taken the page over.
    const pageFor = hydrated ? (location.state as LogInState | null)?.pageFor : undefined;
    return (
      <section className="mx-auto max-w-md py-10">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <h1 className="text-2xl font-bold">{t('auth.logIn.title')}</h1>
            <SignedInNotice
              me={me.data}
              pageFor={pageFor}
              switchLabel={t('auth.logIn.switchAccount')}
            >
              {me.data.role === 'buyer' && pageFor === 'seller' && (
                <BecomeSellerButton
                  onBecameSeller={() => void navigate(returnTo, { replace: true })}
                />
              )}
            </SignedInNotice>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md py-10">
      <PageTitle page={t('auth.logIn.title')} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">{t('auth.logIn.title')}</h1>
          {/* Sent here on the way to a list of phones: why, and what comes next. */}
          {isPhoneListPath(returnTo) && (
            <div role="note" className="rounded-box border border-info/40 bg-info/10 p-4 text-sm">
              <AccountWallNote from={returnTo} showLogIn={false} />
            </div>
          )}
          {providerError && (
            <p role="alert" className="text-sm text-error">
              {t(socialSignInProblem(providerError))}
            </p>
          )}
          <SocialSignIn callbackURL={callbackURL} errorCallbackURL={errorCallbackURL} />
          <div className="divider my-0">{t('auth.logIn.or')}</div>
          <LogInForm
            demoAdmin={appConfig.data?.demoAdmin}
            onSignedIn={() => {
              // The account reads another language: the next page opens in it, drawn anew.
              const language = languageToSwitchTo(i18n.language);
              if (language) window.location.assign(pathInLanguage(returnTo, language));
              else void navigate(returnTo, { replace: true });
            }}
            onEmailChange={setTypedEmail}
          />
          <p className="flex flex-wrap justify-between gap-2 text-sm">
            <Link
              to={paths.forgotPassword}
              state={typedEmail ? { email: typedEmail } : undefined}
              className="link link-primary inline-flex min-h-11 items-center"
            >
              {t('auth.logIn.forgot')}
            </Link>
            <Link
              to={registrationPath(from)}
              className="link link-primary inline-flex min-h-11 items-center"
            >
              {t('auth.logIn.register')}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
