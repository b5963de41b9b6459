import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const page = usePageParam();
  const reports = useOwnStolenReports({ page });
  return (
    <section className="max-w-4xl">
      <PageTitle page={t('stolenPhones.title')} />
      <h1 className="mb-2 text-2xl font-bold">{t('stolenPhones.title')}</h1>
      <p className="mb-6 text-base-content/80">{t('stolenPhones.intro')}</p>
      <div className="mb-10 rounded-box border border-base-300 p-4">
        <StolenReportForm />
      </div>
      <h2 className="mb-2 text-xl font-semibold">{t('stolenPhones.yourReports')}</h2>
      <PagedList
        query={reports}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty={t('stolenPhones.empty')}
      >
        {(items) => <OwnStolenReports reports={items} />}
      </PagedList>
    </section>
  );
}
