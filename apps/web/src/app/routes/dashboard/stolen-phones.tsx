import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { useOwnStolenReports } from '../../../features/stolen-phones/api/get-own-stolen-reports.ts';
import { OwnStolenReports } from '../../../features/stolen-phones/components/own-stolen-reports.tsx';
import { StolenReportForm } from '../../../features/stolen-phones/components/stolen-report-form.tsx';

/**
 * "Report a stolen phone", for anyone signed in: the form, what a report does and does not do,
 * and the person's own reports.
 */
export function Component() {
  const page = usePageParam();
  const reports = useOwnStolenReports({ page });
  return (
    <section className="max-w-4xl">
      <PageTitle page="Report a stolen phone" />
      <h1 className="mb-2 text-2xl font-bold">Report a stolen phone</h1>
      <p className="mb-6 text-base-content/80">
        If your phone was stolen, report its IMEI here. Any listing of it on Phone Market waits for
        a moderator before buyers can see it, and a recent sale of it here is looked into. We do not
        tell anyone whether the phone is listed, and a report is your word: it does not replace a
        report to the police or your carrier.
      </p>
      <div className="mb-10 rounded-box border border-base-300 p-4">
        <StolenReportForm />
      </div>
      <h2 className="mb-2 text-xl font-semibold">Your reports</h2>
      <PagedList
        query={reports}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty="You have not reported a phone stolen."
      >
        {(items) => <OwnStolenReports reports={items} />}
      </PagedList>
    </section>
  );
}
