import { EmptyState } from '../../../components/ui/error-state.tsx';
import { LIST_PAGE_SIZE, ListPager, usePageParam } from '../../../components/ui/list-pager.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useBuyers } from '../../../features/admin/api/get-buyers.ts';
import { BuyersTable } from '../../../features/admin/components/buyers-table.tsx';
import { useDeleteUserFlow } from '../../../features/admin/components/use-delete-user-flow.ts';

export function Component() {
  const page = usePageParam();
  const buyers = useBuyers(page);
  const { deleteWithConfirmation, isDeleting } = useDeleteUserFlow();

  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">All Buyers</h1>
      <QueryContent query={buyers}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState>There are no buyers yet.</EmptyState>
          ) : (
            <>
              <BuyersTable
                buyers={items}
                firstNumber={(page - 1) * LIST_PAGE_SIZE + 1}
                isDeleting={isDeleting}
                onDelete={(email) => void deleteWithConfirmation(email)}
              />
              <ListPager page={page} total={total} />
            </>
          )
        }
      </QueryContent>
    </section>
  );
}
