import type { Kysely, Transaction } from 'kysely';
import type { ModerationAction } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { notify } from '../notifications/notify.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a reporter is told was done, without the moderator's words meant for the other side. */
export const OUTCOME_FOR_REPORTER: Record<ModerationAction | 'restore_listing', string> = {
  dismiss: 'A moderator looked into it and took no action.',
  hide_listing: 'A moderator hid the listing.',
  release_listing: 'A moderator looked into it: the listing stays on show.',
  restore_listing: 'A moderator looked into it: the listing is on show again.',
  suspend_user: 'A moderator suspended the account.',
  unverify_seller: "A moderator removed the seller's verification.",
};

const TARGET_WORDS = {
  listing: 'a listing',
  user: 'an account',
  message: 'a message',
  conversation: 'a conversation',
} as const;

/** Each person who filed one of the reports hears how it ended, once per report. */
export async function tellReporters(
  trx: Db,
  reports: ReadonlyArray<{ id: string; reporterId: string | null; targetType: string }>,
  outcome: string,
  now: Date,
): Promise<void> {
  for (const report of reports) {
    if (!report.reporterId) continue;
    const about = TARGET_WORDS[report.targetType as keyof typeof TARGET_WORDS] ?? 'something';
    await notify(trx, {
      userId: report.reporterId,
      kind: 'report_outcome',
      title: `Your report about ${about} was reviewed`,
      body: outcome,
      link: '/dashboard/notifications',
      dedupeKey: `report_outcome:${report.id}`,
      now,
    });
  }
}

/** The seller hears that a listing was taken down or kept down, and why. */
export async function tellSellerHidden(
  trx: Db,
  listing: { id: string; name: string; sellerId: string },
  reason: string,
  cause: string,
  now: Date,
): Promise<void> {
  await notify(trx, {
    userId: listing.sellerId,
    kind: 'listing_moderated',
    title: `Your listing ${listing.name} is hidden`,
    body: `${reason} You can edit it and ask for a review from My Products.`,
    link: '/dashboard/my-products',
    dedupeKey: `listing_hidden:${listing.id}:${cause}`,
    now,
  });
}

/** The seller hears that a listing is on show again. */
export async function tellSellerShown(
  trx: Db,
  listing: { id: string; name: string; sellerId: string },
  cause: string,
  now: Date,
): Promise<void> {
  await notify(trx, {
    userId: listing.sellerId,
    kind: 'listing_moderated',
    title: `Your listing ${listing.name} is on show again`,
    body: 'A moderator reviewed it. Buyers can find and book it again.',
    link: `/product/${encodeURIComponent(listing.id)}`,
    dedupeKey: `listing_shown:${listing.id}:${cause}`,
    now,
  });
}
