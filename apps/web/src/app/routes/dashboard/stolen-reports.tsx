import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { useAdminStolenReports } from '../../../features/stolen-phones/api/get-admin-stolen-reports.ts';
import { AdminStolenReports } from '../../../features/stolen-phones/components/admin-stolen-reports.tsx';

/** Moderators: the active stolen-phone reports, each with the clear action. */
export function Component() {
  const { t } = useTranslation();
  const page = usePageParam();
  const reports = useAdminStolenReports({ page });
  return (
    <section>
      <PageTitle page={t('stolenReports.title')} />
      <h1 className="mb-2 text-2xl font-bold">{t('stolenReports.title')}</h1>
      <p className="mb-6 text-sm text-base-content/80">{t('stolenReports.intro')}</p>
      <PagedList
        query={reports}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty={t('stolenReports.empty')}
      >
        {(items) => <AdminStolenReports reports={items} />}
      </PagedList>
    </section>
  );
}
