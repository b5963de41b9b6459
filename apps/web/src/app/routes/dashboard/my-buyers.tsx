import { MESSAGES } from '@market/shared';
import { EmptyState } from '../../../components/ui/error-state.tsx';
import { ListPager, usePageParam } from '../../../components/ui/list-pager.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useMyBuyers } from '../../../features/orders/api/get-my-buyers.ts';
import { MyBuyersTable } from '../../../features/orders/components/my-buyers-table.tsx';

export function Component() {
  const page = usePageParam();
  const buyers = useMyBuyers(page);

  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">My Buyers</h1>
      <QueryContent query={buyers}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState>{MESSAGES.noBuyers}</EmptyState>
          ) : (
            <>
              <MyBuyersTable buyers={items} />
              <ListPager page={page} total={total} />
            </>
          )
        }
      </QueryContent>
    </section>
  );
}
