import { Link } from 'react-router';
import type { Role } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { BecomeSellerButton } from '../../../features/account/components/become-seller-button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useAdminStats } from '../../../features/moderation/api/get-admin-stats.ts';
import { AdminDashboard } from '../../../features/moderation/components/admin-dashboard.tsx';

const ROLE_INTRO: Record<Exclude<Role, 'admin'>, { text: string; to: string; action: string }> = {
  buyer: {
    text: 'Track the phones you booked, keep a wishlist and check out when you meet the seller.',
    to: paths.dashboard.myOrders,
    action: 'See my orders',
  },
  seller: {
    text: 'List your phones, advertise them on the home page and see who booked them.',
    to: paths.dashboard.myProducts,
    action: 'See my products',
  },
};

export function Component() {
  const me = useDashboardUser();
  if (me.role === 'admin') return <AdminHome name={me.name} />;
  const intro = ROLE_INTRO[me.role];
  return (
    <section className="hero rounded-box bg-base-200 py-10">
      <PageTitle page="Dashboard" />
      <div className="hero-content text-center">
        <div className="max-w-xl">
          <h1 className="text-3xl font-bold">Welcome to your dashboard, {me.name}</h1>
          <p className="mt-3 text-lg">
            You are signed in as a <strong>{me.role}</strong>.
          </p>
          <p className="mt-2">{intro.text}</p>
          <Link to={intro.to} className="btn btn-primary mt-6">
            {intro.action}
          </Link>
          {me.role === 'buyer' && (
            <p className="mt-6 flex flex-wrap items-center justify-center gap-3">
              Selling a phone too?
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
  const stats = useAdminStats();
  return (
    <section>
      <PageTitle page="Dashboard" />
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold wrap-anywhere">Welcome to your dashboard, {name}</h1>
        <Link to={paths.dashboard.reports} className="btn btn-primary">
          See open reports
        </Link>
      </div>
      <QueryContent query={stats}>{(data) => <AdminDashboard stats={data} />}</QueryContent>
    </section>
  );
}
