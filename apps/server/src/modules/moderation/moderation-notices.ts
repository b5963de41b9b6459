import { paths } from '@market/shared';
import type { Notices } from '../notifications/public.ts';

/** What a reporter is told when a listing is put back on show from outside the queue. */
export const RESTORED_LISTING_OUTCOME = 'A moderator looked into it: the listing is on show again.';

/** Each person who filed one of the reports hears how it ended, once per report. */
export async function tellReporters(
  notices: Notices,
  reports: ReadonlyArray<{ id: string; reporterId: string | null; targetType: string }>,
  outcome: string,
  now: Date,
): Promise<void> {
  for (const report of reports) {
    if (!report.reporterId) continue;
    await notices.notify({
      userId: report.reporterId,
      kind: 'report_outcome',
      params: { targetType: report.targetType, outcome },
      link: paths.dashboard.notifications,
      dedupeKey: `report_outcome:${report.id}`,
      now,
    });
  }
}

/** The seller hears that a listing was taken down or kept down, and why. */
export async function tellSellerHidden(
  notices: Notices,
  listing: { id: string; name: string; sellerId: string },
  reason: string,
  cause: string,
  now: Date,
): Promise<void> {
  await notices.notify({
    userId: listing.sellerId,
    kind: 'listing_moderated',
    params: { listingName: listing.name, shown: false, reason },
    link: paths.dashboard.myProducts,
    dedupeKey: `listing_hidden:${listing.id}:${cause}`,
    now,
  });
}

/** The seller hears that a listing is on show again. */
export async function tellSellerShown(
  notices: Notices,
  listing: { id: string; name: string; sellerId: string },
  cause: string,
  now: Date,
): Promise<void> {
  await notices.notify({
    userId: listing.sellerId,
    kind: 'listing_moderated',
    params: { listingName: listing.name, shown: true },
    link: paths.product(listing.id),
    dedupeKey: `listing_shown:${listing.id}:${cause}`,
    now,
  });
}
