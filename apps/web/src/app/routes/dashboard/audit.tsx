import { EmptyState } from '../../../components/ui/error-state.tsx';
import { Pager, usePageParam } from '../../../components/ui/pager.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { useAuditLog } from '../../../features/moderation/api/get-audit-log.ts';
import { AuditTable } from '../../../features/moderation/components/audit-table.tsx';

export function Component() {
  const page = usePageParam();
  const log = useAuditLog({ page });
  return (
    <section>
      <PageTitle page="Audit Log" />
      <QueryContent query={log}>
        {({ items, total }) => (
          <>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-3">
              <h1 className="text-2xl font-bold">Audit Log</h1>
              <p className="text-lg font-semibold">Entries: {total}</p>
            </div>
            <p className="mb-6 text-sm text-base-content/80">
              Every step an administrator took, who took it and why. Entries cannot be changed or
              removed.
            </p>
            {items.length === 0 ? (
              <EmptyState>No administrator has taken a step yet.</EmptyState>
            ) : (
              <AuditTable entries={items} />
            )}
            <Pager page={page} total={total} pageSize={LIST_PAGE_SIZE} />
          </>
        )}
      </QueryContent>
    </section>
  );
}
