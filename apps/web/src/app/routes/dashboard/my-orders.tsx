import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { EmptyState } from '../../../components/ui/error-state.tsx';
import { ListPager, usePageParam } from '../../../components/ui/list-pager.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useMyOrders } from '../../../features/orders/api/get-my-orders.ts';
import { OrderList } from '../../../features/orders/components/order-list.tsx';

export function Component() {
  const me = useDashboardUser();
  const page = usePageParam();
  const orders = useMyOrders(me.email, page);

  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">My Orders</h1>
      <QueryContent query={orders}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState>
              You have no orders yet.{' '}
              <Link to={paths.categories} className="link link-primary">
                Browse the categories
              </Link>
            </EmptyState>
          ) : (
            <>
              <OrderList orders={items} />
              <ListPager page={page} total={total} />
            </>
          )
        }
      </QueryContent>
    </section>
  );
}
