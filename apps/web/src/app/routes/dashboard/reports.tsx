import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { EmptyState } from '../../../components/ui/error-state.tsx';
import { Pager, usePageParam } from '../../../components/ui/pager.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import {
  QUEUE_PAGE_SIZE,
  useReportQueue,
} from '../../../features/moderation/api/get-report-queue.ts';
import { ReportQueue } from '../../../features/moderation/components/report-queue.tsx';

export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const page = usePageParam();
  const queue = useReportQueue({ page });
  return (
    <section>
      <PageTitle page={t('reports.title')} />
      <QueryContent query={queue}>
        {({ items, total }) => (
          <>
            <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
              <h1 className="text-2xl font-bold">{t('reports.title')}</h1>
              <p className="text-lg font-semibold">
                {t('reports.waiting', { total: format.count(total) })}
              </p>
            </div>
            {items.length === 0 ? (
              <EmptyState>{t('reports.empty')}</EmptyState>
            ) : (
              <ReportQueue groups={items} />
            )}
            <Pager page={page} total={total} pageSize={QUEUE_PAGE_SIZE} />
          </>
        )}
      </QueryContent>
    </section>
  );
}
