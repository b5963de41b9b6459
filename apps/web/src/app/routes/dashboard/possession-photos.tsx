import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { usePendingPossession } from '../../../features/possession/api/get-pending-possession.ts';
import { PendingPhotos } from '../../../features/possession/components/pending-photos.tsx';

/** Moderators: photos of phones beside their listing codes, waiting for a decision. */
export function Component() {
  const { t } = useTranslation();
  const page = usePageParam();
  const pending = usePendingPossession({ page });
  return (
    <section>
      <PageTitle page={t('photoChecks.title')} />
      <h1 className="mb-2 text-2xl font-bold">{t('photoChecks.title')}</h1>
      <p className="mb-6 text-sm text-base-content/80">{t('photoChecks.intro')}</p>
      <PagedList
        query={pending}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty={t('photoChecks.empty')}
      >
        {(items) => <PendingPhotos items={items} />}
      </PagedList>
    </section>
  );
}
