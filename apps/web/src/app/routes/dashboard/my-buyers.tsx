import { MESSAGES } from '@market/shared';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { SellerRequestActions } from '../../../features/bookings/components/seller-request-actions.tsx';
import { MeetingCheckIn } from '../../../features/bookings/components/meeting-check-in.tsx';
import { useMyBuyers } from '../../../features/orders/api/get-my-buyers.ts';
import { MyBuyersTable } from '../../../features/orders/components/my-buyers-table.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

export function Component() {
  const page = usePageParam();
  const buyers = useMyBuyers({ page });

  return (
    <section>
      <PageTitle page="My Buyers" />
      <h1 className="mb-2 text-2xl font-bold">My Buyers</h1>
      <p className="mb-6 max-w-prose text-sm text-base-content/80">
        Buyers&apos; requests for your phones. Accept one with a meeting time and place (the phone
        is then reserved for that buyer), or decline it. At the meeting, the buyer gives you their
        hand-over code once satisfied: enter it to complete the sale. From 30 minutes before the
        meeting, press &ldquo;I&apos;m here&rdquo; when you arrive.
      </p>
      <PagedList query={buyers} page={page} pageSize={LIST_PAGE_SIZE} empty={MESSAGES.noBuyers}>
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
