import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { BuyerOrderActions } from '../../../features/bookings/components/buyer-order-actions.tsx';
import { SafetyAdvice } from '../../../features/bookings/components/safety-advice.tsx';
import { MeetingCheckIn } from '../../../features/bookings/components/meeting-check-in.tsx';
import { useMyOrders } from '../../../features/orders/api/get-my-orders.ts';
import { OrderList } from '../../../features/orders/components/order-list.tsx';
import { OrderReview } from '../../../features/reviews/components/order-review.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

export function Component() {
  const { t } = useTranslation();
  const me = useDashboardUser();
  const page = usePageParam();
  const orders = useMyOrders({ email: me.email, page });

  return (
    <section>
      <PageTitle page={t('dashboard.orders.title')} />
      <h1 className="mb-6 text-2xl font-bold">{t('dashboard.orders.title')}</h1>
      <PagedList
        query={orders}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty={
          <Trans
            i18nKey="dashboard.orders.empty"
            components={{ browse: <Link to={paths.categories} className="link link-primary" /> }}
          />
        }
      >
        {(items) => (
          <div className="space-y-6">
            {items.some((order) => order.status === 'accepted') && <SafetyAdvice />}
            <OrderList
              orders={items}
              meeting={(order) =>
                order.checkIn && (
                  <MeetingCheckIn bookingId={order._id} checkIn={order.checkIn} viewer="buyer" />
                )
              }
              actions={(order) => (
                <>
                  <BuyerOrderActions order={order} />
                  <OrderReview order={order} />
                </>
              )}
            />
          </div>
        )}
      </PagedList>
    </section>
  );
}
