import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { useAdminStolenReports } from '../../../features/stolen-phones/api/get-admin-stolen-reports.ts';
import { AdminStolenReports } from '../../../features/stolen-phones/components/admin-stolen-reports.tsx';

/** Moderators: the active stolen-phone reports, each with the clear action. */
export function Component() {
  const page = usePageParam();
  const reports = useAdminStolenReports({ page });
  return (
    <section>
      <PageTitle page="Stolen phones" />
      <h1 className="mb-2 text-2xl font-bold">Stolen phones</h1>
      <p className="mb-6 text-sm text-base-content/80">
        Each report is an owner's word. Listings of a reported phone wait in the report queue; clear
        a report when the phone was recovered or the report was a mistake.
      </p>
      <PagedList
        query={reports}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty="No active stolen-phone reports."
      >
        {(items) => <AdminStolenReports reports={items} />}
      </PagedList>
    </section>
  );
}
