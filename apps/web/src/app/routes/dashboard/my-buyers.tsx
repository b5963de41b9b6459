import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { SellerRequestActions } from '../../../features/bookings/components/seller-request-actions.tsx';
import { MeetingCheckIn } from '../../../features/bookings/components/meeting-check-in.tsx';
import { useMyBuyers } from '../../../features/orders/api/get-my-buyers.ts';
import { MyBuyersTable } from '../../../features/orders/components/my-buyers-table.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

export function Component() {
  const { t } = useTranslation();
  const page = usePageParam();
  const buyers = useMyBuyers({ page });

  return (
    <section>
      <PageTitle page={t('dashboard.buyers.title')} />
      <h1 className="mb-2 text-2xl font-bold">{t('dashboard.buyers.title')}</h1>
      <p className="mb-6 max-w-prose text-sm text-base-content/80">{t('dashboard.buyers.intro')}</p>
      <PagedList
        query={buyers}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty={t('dashboard.buyers.empty')}
      >
        {(items) => (
          <MyBuyersTable
            buyers={items}
            actions={(request) => <SellerRequestActions request={request} />}
            meeting={(request) =>
              request.checkIn && (
                <MeetingCheckIn bookingId={request._id} checkIn={request.checkIn} viewer="seller" />
              )
            }
          />
        )}
      </PagedList>
    </section>
  );
}
