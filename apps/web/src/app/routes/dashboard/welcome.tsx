import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { Role } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { BecomeSellerButton } from '../../../features/account/components/become-seller-button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useAdminStats } from '../../../features/moderation/api/get-admin-stats.ts';
import { AdminDashboard } from '../../../features/moderation/components/admin-dashboard.tsx';

const ROLE_INTRO = {
  buyer: { to: paths.dashboard.myOrders, text: 'buyerText', action: 'buyerAction' },
  seller: { to: paths.dashboard.myProducts, text: 'sellerText', action: 'sellerAction' },
} as const satisfies Record<Exclude<Role, 'admin'>, { to: string; text: string; action: string }>;

export function Component() {
  const { t } = useTranslation();
  const me = useDashboardUser();
  if (me.role === 'admin') return <AdminHome name={me.name} />;
  const intro = ROLE_INTRO[me.role];
  return (
    <section className="hero rounded-box bg-base-200 py-10">
      <PageTitle page={t('frame.title')} />
      <div className="hero-content text-center">
        <div className="max-w-xl">
          <h1 className="text-3xl font-bold">{t('dashboard.welcome.title', { name: me.name })}</h1>
          <p className="mt-3 text-lg">
            <Trans
              i18nKey="dashboard.welcome.signedInAs"
              values={{ role: t(`dashboard.role.${me.role}`) }}
              components={{ strong: <strong /> }}
            />
          </p>
          <p className="mt-2">{t(`dashboard.welcome.${intro.text}`)}</p>
          <Link to={intro.to} className="btn btn-primary mt-6">
            {t(`dashboard.welcome.${intro.action}`)}
          </Link>
          {me.role === 'buyer' && (
            <p className="mt-6 flex flex-wrap items-center justify-center gap-3">
              {t('dashboard.welcome.sellingToo')}
              <BecomeSellerButton />
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

/** An admin's dashboard: the marketplace's figures, and the way to the open reports. */
function AdminHome({ name }: { name: string }) {
  const { t } = useTranslation();
  const stats = useAdminStats();
  return (
    <section>
      <PageTitle page={t('frame.title')} />
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold wrap-anywhere">
          {t('dashboard.welcome.title', { name })}
        </h1>
        <Link to={paths.dashboard.reports} className="btn btn-primary">
          {t('dashboard.welcome.openReports')}
        </Link>
      </div>
      <QueryContent query={stats}>{(data) => <AdminDashboard stats={data} />}</QueryContent>
    </section>
  );
}
