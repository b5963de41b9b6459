import { paths, type SearchFilters } from '@market/shared';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { savedFilters, searchUrl } from '../search/saved-searches.service.ts';
import type { LiveSearchIndex } from '../search/public.ts';
import { findNewMatches, type NewMatches } from '../search/search.service.ts';
import { remindOfMeeting } from './booking-notifications.ts';
import type { Notifier } from './notify.ts';

type Db = Kysely<Database>;

/** Meetings are reminded of this long before they start. */
export const REMINDER_LEAD_MS = 2 * 60 * 60 * 1000;

/**
 * Reminds both sides of each accepted meeting that starts within two hours and was not
 * reminded yet; answers how many meetings it reminded of. Each reminder is keyed by its booking
 * and person, so several instances running this at once remind once.
 */
export async function sendMeetingReminders(
  db: Db,
  notifier: Notifier,
  now: Date = new Date(),
): Promise<number> {
  const w = valueWriters(db);
  const due = await db
    .selectFrom('bookings as b')
    .select([
      'b.id',
      'b.buyerId',
      'b.sellerId',
      'b.productName',
      'b.name',
      'b.meetingAt',
      'b.meetingPlace',
      'b.meetingTimeZone',
      'b.location',
    ])
    .where('b.status', '=', 'accepted')
    .where('b.meetingAt', '>', w.date(now))
    .where('b.meetingAt', '<=', w.date(new Date(now.getTime() + REMINDER_LEAD_MS)))
    .where(
      sql<SqlBool>`not exists (select 1 from notifications n where n."dedupeKey" = 'reminder:' || b.id || ':' || b."buyerId")`,
    )
    .execute();
  for (const b of due) {
    if (!b.meetingAt) continue;
    const meeting = {
      at: readDate(b.meetingAt),
      place: b.meetingPlace ?? b.location,
      timeZone: b.meetingTimeZone ?? 'UTC',
    };
    const facts = {
      id: b.id,
      buyerId: b.buyerId,
      sellerId: b.sellerId,
      productName: b.productName,
      buyerName: b.name,
    };
    await notifier.transaction((notices) => remindOfMeeting(notices, facts, meeting, now));
  }
  return due.length;
}

/** How many new listings a digest names per saved search. */
const DIGEST_EXAMPLES = 3;

const DIGEST_KEY_PREFIX = 'saved_search_matches:';
/** The UTC day of the job's clock: one digest per buyer and day. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export function digestKey(userId: string, now: Date): string {
  return `${DIGEST_KEY_PREFIX}${userId}:${dayOf(now)}`;
}

/**
 * How a notice of new matches is made: the daily digest (with an email) and the hourly notice
 * under the bell differ only in these.
 */
interface MatchNotice {
  /** The saved searches' column that marks the newest match told of, moved on by the notice. */
  position: 'seenUntil' | 'alertedUntil';
  /** How many new listings each search's line names. */
  examples: number;
  /** The key that makes the notice once per buyer and period, across instances. */
  dedupeKey: string;
  email: boolean;
}

/** Buyers with a saved search and no notice with this key prefix for the period yet. */
async function buyersToTell(db: Db, keyPrefix: string, period: string): Promise<string[]> {
  const users = await db
    .selectFrom('savedSearches as s')
    .select('s.userId')
    .distinct()
    .where(
      sql<SqlBool>`not exists (select 1 from notifications n where n."dedupeKey" = ${keyPrefix} || s."userId" || ${`:${period}`})`,
    )
    .execute();
  return users.map((u) => u.userId);
}

/**
 * Once a day per buyer: runs each of their saved searches for listings posted after what it has
 * seen, and when any has new ones, sends one digest and moves each search's `seenUntil` to its
 * newest match, in one transaction. Answers how many digests it sent.
 */
export async function sendSavedSearchDigests(
  db: Db,
  notifier: Notifier,
  live: LiveSearchIndex,
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  for (const userId of await buyersToTell(db, DIGEST_KEY_PREFIX, dayOf(now))) {
    const digest: MatchNotice = {
      position: 'seenUntil',
      examples: DIGEST_EXAMPLES,
      dedupeKey: digestKey(userId, now),
      email: true,
    };
    if (await noticeNewMatches(db, notifier, live, userId, now, digest)) sent += 1;
  }
  return sent;
}

const ALERT_KEY_PREFIX = 'saved_search_alert:';
/** The UTC hour of the job's clock: at most one bell notice per buyer and hour. */
const hourOf = (now: Date) => now.toISOString().slice(0, 13);

/**
 * Within the hour, under the bell (no email: the daily digest is the email): for each buyer,
 * their saved searches' matches posted since the bell last told of them, in one notice, and each
 * search's `alertedUntil` moved to its newest match, in one transaction. Answers how many
 * notices it recorded.
 */
export async function sendSavedSearchAlerts(
  db: Db,
  notifier: Notifier,
  live: LiveSearchIndex,
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  for (const userId of await buyersToTell(db, ALERT_KEY_PREFIX, hourOf(now))) {
    const alert: MatchNotice = {
      position: 'alertedUntil',
      examples: 0,
      dedupeKey: `${ALERT_KEY_PREFIX}${userId}:${hourOf(now)}`,
      email: false,
    };
    if (await noticeNewMatches(db, notifier, live, userId, now, alert)) sent += 1;
  }
  return sent;
}

/** One notice of a buyer's new matches, as `how` says; false when there were none to tell. */
async function noticeNewMatches(
  db: Db,
  notifier: Notifier,
  live: LiveSearchIndex,
  userId: string,
  now: Date,
  how: MatchNotice,
): Promise<boolean> {
  const searches = await db
    .selectFrom('savedSearches')
    .select(['id', 'name', 'filters', 'seenUntil', 'alertedUntil'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
  const found: Array<{
    search: (typeof searches)[number];
    filters: SearchFilters;
    matches: NewMatches;
  }> = [];
  for (const search of searches) {
    const filters = savedFilters(search.filters);
    if (!filters) continue;
    // The bell starts from what the buyer has seen until it has told of something itself.
    const since =
      how.position === 'alertedUntil'
        ? (search.alertedUntil ?? search.seenUntil)
        : search.seenUntil;
    const matches = await findNewMatches(
      db,
      live,
      filters,
      readDate(since),
      Math.max(how.examples, 1),
    );
    if (matches.total > 0 && matches.newestPostedAt) found.push({ search, filters, matches });
  }
  if (found.length === 0) return false;

  const told = found.map((f) => ({
    name: f.search.name,
    total: f.matches.total,
    examples: how.examples > 0 ? f.matches.products.map((p) => p.name) : [],
  }));
  const link = found.length === 1 ? searchUrl(found[0]!.filters) : paths.dashboard.savedSearches;
  const w = valueWriters(db);
  return notifier
    .transaction(async ({ trx, notify }) => {
      for (const f of found) {
        await trx
          .updateTable('savedSearches')
          .set({ [how.position]: w.date(f.matches.newestPostedAt!) })
          .where('id', '=', f.search.id)
          .execute();
      }
      const notification = await notify({
        userId,
        kind: 'saved_search_matches',
        params: { searches: told },
        link,
        dedupeKey: how.dedupeKey,
        ...(how.email ? {} : { email: false }),
        now,
      });
      // Another instance told of this period first: its searches' positions stand.
      if (!notification) throw new NoticeAlreadySent();
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof NoticeAlreadySent) return false;
      throw err;
    });
}

class NoticeAlreadySent extends Error {}
