import { Link, type LoaderFunctionArgs } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { appConfigQueryOptions, useAppConfig } from '../../features/auth/api/get-app-config.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SupportAddress } from '../../components/layout/support-address.tsx';

/** The support address is known before the page shows. */
export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  await queryClient.prefetchQuery(appConfigQueryOptions);
  return null;
}

/** Help and contact: where to write, and the answers to what people most often get stuck on. */
export function Component() {
  const { t } = useTranslation();
  const supportEmail = useAppConfig().data?.supportEmail ?? null;
  return (
    <section className="mx-auto max-w-3xl py-10">
      <PageTitle page={t('help.title')} />
      <h1 className="mb-6 text-3xl font-bold">{t('help.title')}</h1>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <h2 className="card-title">{t('help.writeToSupport')}</h2>
          <SupportAddress supportEmail={supportEmail} />
        </div>
      </div>
      <dl className="mt-8 space-y-6">
        <div>
          <dt className="font-semibold">{t('help.suspended.q')}</dt>
          <dd className="mt-1">{t('help.suspended.a')}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t('help.account.q')}</dt>
          <dd className="mt-1">
            <Trans
              i18nKey="help.account.a"
              components={{
                register: <Link to={paths.registration} className="link link-primary" />,
              }}
            />
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{t('help.buying.q')}</dt>
          <dd className="mt-1">{t('help.buying.a', { hours: t('help.buying.hours') })}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t('help.stolen.q')}</dt>
          <dd className="mt-1">
            <Trans
              i18nKey="help.stolen.a"
              components={{
                report: <Link to={paths.dashboard.stolenPhones} className="link link-primary" />,
              }}
            />
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{t('help.wrong.q')}</dt>
          <dd className="mt-1">{t('help.wrong.a')}</dd>
        </div>
      </dl>
    </section>
  );
}
