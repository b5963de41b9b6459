import { MESSAGES } from '@market/shared';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { useMyBuyers } from '../../../features/orders/api/get-my-buyers.ts';
import { MyBuyersTable } from '../../../features/orders/components/my-buyers-table.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

export function Component() {
  const page = usePageParam();
  const buyers = useMyBuyers({ page });

  return (
    <section>
      <PageTitle page="My Buyers" />
      <h1 className="mb-6 text-2xl font-bold">My Buyers</h1>
      <PagedList query={buyers} page={page} pageSize={LIST_PAGE_SIZE} empty={MESSAGES.noBuyers}>
        {(items) => <MyBuyersTable buyers={items} />}
      </PagedList>
    </section>
  );
}
