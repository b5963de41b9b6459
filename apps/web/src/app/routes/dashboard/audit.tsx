import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { EmptyState } from '../../../components/ui/error-state.tsx';
import { Pager, usePageParam } from '../../../components/ui/pager.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { useAuditLog } from '../../../features/moderation/api/get-audit-log.ts';
import { AuditTable } from '../../../features/moderation/components/audit-table.tsx';

export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const page = usePageParam();
  const log = useAuditLog({ page });
  return (
    <section>
      <PageTitle page={t('audit.title')} />
      <QueryContent query={log}>
        {({ items, total }) => (
          <>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-3">
              <h1 className="text-2xl font-bold">{t('audit.title')}</h1>
              <p className="text-lg font-semibold">
                {t('audit.entries', { total: format.count(total) })}
              </p>
            </div>
            <p className="mb-6 text-sm text-base-content/80">{t('audit.intro')}</p>
            {items.length === 0 ? (
              <EmptyState>{t('audit.empty')}</EmptyState>
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
