import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { logInPath, paths, safeReturnPath } from '../../config/paths.ts';
import { BecomeSellerButton } from '../../features/account/components/become-seller-button.tsx';
import { RegistrationForm } from '../../features/auth/components/registration-form.tsx';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice.tsx';
import { useMe } from '../../lib/session.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { appConfigQueryOptions } from '../../features/auth/api/get-app-config.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';

/** Whether social sign-in is offered is known before the page shows. */
export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  await queryClient.prefetchQuery(appConfigQueryOptions);
  return null;
}

export function Component() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Sent here from the log-in page on the way to a page: back there once registered; else home.
  const from = params.get('from') ?? undefined;
  const me = useMe();
  // Someone signed in is told so instead of a bare form. Once the form has been shown (nobody
  // signed in, or they logged out to register), it stays until its registration has moved on.
  const [formInUse, setFormInUse] = useState(false);
  if (!formInUse && !me.isPending && !me.data) setFormInUse(true);
  if (me.data && !formInUse) {
    return (
      <section className="mx-auto max-w-md py-10">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <h1 className="text-2xl font-bold">{t('auth.registration.title')}</h1>
            <SignedInNotice me={me.data} switchLabel={t('auth.registration.switchAccount')}>
              {me.data.role === 'buyer' && (
                <BecomeSellerButton
                  onBecameSeller={() => void navigate(paths.dashboard.myProducts)}
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
      <PageTitle page={t('auth.registration.title')} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">{t('auth.registration.title')}</h1>
          <RegistrationForm
            onRegistered={() => void navigate(safeReturnPath(from), { replace: true })}
          />
          <p className="text-sm">
            <Trans
              i18nKey="auth.registration.haveAccount"
              components={{ login: <Link to={logInPath(from)} className="link link-primary" /> }}
            />
          </p>
        </div>
      </div>
    </section>
  );
}
