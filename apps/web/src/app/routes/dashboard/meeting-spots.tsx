import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { useMeetingSpots } from '../../../features/bookings/api/get-meeting-spots.ts';
import {
  AddSpotButton,
  AdminMeetingSpots,
} from '../../../features/bookings/components/admin-meeting-spots.tsx';

/** Admins: the safe meeting spots sellers choose from when they accept a request. */
export function Component() {
  const { t } = useTranslation();
  const page = usePageParam();
  const spots = useMeetingSpots({ page });
  return (
    <section>
      <PageTitle page={t('requests.adminSpots.title')} />
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('requests.adminSpots.title')}</h1>
        <AddSpotButton />
      </div>
      <p className="mb-6 text-sm text-base-content/80">{t('requests.adminSpots.intro')}</p>
      <PagedList
        query={spots}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty={t('requests.adminSpots.empty')}
      >
        {(items) => <AdminMeetingSpots spots={items} />}
      </PagedList>
    </section>
  );
}
