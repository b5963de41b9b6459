import type { Kysely } from 'kysely';
import { readDate, valueWriters } from '../../db/dialect.ts';
import { unclaimed } from '../../db/delivery-queue.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** After this many failed tries an email is given up: it stays, with its last error, unsent. */
export const OUTBOX_MAX_ATTEMPTS = 8;

/** The emails due now that nobody is sending: oldest first. */
export function findDueMail(db: Db, now: Date, limit: number) {
  const at = valueWriters(db).date(now);
  return db
    .selectFrom('outbox')
    .select(DUE_MAIL_COLUMNS)
    .where((eb) => unclaimed(eb, at))
    .where('notBefore', '<=', at)
    .where('attempts', '<', OUTBOX_MAX_ATTEMPTS)
    .orderBy('notBefore')
    .orderBy('id')
    .limit(limit)
    .execute();
}
export type DueMail = Awaited<ReturnType<typeof findDueMail>>[number];

const DUE_MAIL_COLUMNS = [
  'id',
  'dedupeKey',
  'kind',
  'userId',
  'toEmail',
  'subject',
  'text',
  'html',
  'attempts',
  'folded',
] as const;

/** The user's other folded emails due now that nobody is sending: the rest of their digest. */
export function findDueFoldedMail(db: Db, userId: string, now: Date, exceptId: string) {
  const w = valueWriters(db);
  const at = w.date(now);
  return db
    .selectFrom('outbox')
    .select(DUE_MAIL_COLUMNS)
    .where('userId', '=', userId)
    .where('folded', '=', w.bool(true))
    .where('id', '<>', exceptId)
    .where((eb) => unclaimed(eb, at))
    .where('notBefore', '<=', at)
    .where('attempts', '<', OUTBOX_MAX_ATTEMPTS)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(DIGEST_MAX_ITEMS)
    .execute();
}
/** Entries one digest lists; more wait for the next run. */
export const DIGEST_MAX_ITEMS = 50;

/** A claimed email that is not due yet after all: back to waiting, the try not counted. */
export async function postponeMail(db: Db, id: string, notBefore: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      notBefore: valueWriters(db).date(notBefore),
      lockedUntil: null,
      attempts: eb('attempts', '-', 1),
    }))
    .where('id', '=', id)
    .execute();
}

/** When the oldest message from the other party that the user has not read was written. */
export async function oldestUnreadMessageAt(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<Date | null> {
  const row = await db
    .selectFrom('messages')
    .select('createdAt')
    .where('conversationId', '=', conversationId)
    .where('senderId', '<>', userId)
    .where('readAt', 'is', null)
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
  return row ? readDate(row.createdAt) : null;
}

/** The outbox as the metrics show it: what waits to be sent, and what was given up. */
export interface OutboxBacklog {
  /** Emails not sent yet that will still be tried (due now or later). */
  waiting: number;
  /** Of those, the ones due now. */
  due: number;
  /** When the longest-due email became due; null when none is due. */
  oldestDueAt: Date | null;
  /** Emails given up after OUTBOX_MAX_ATTEMPTS failed tries. */
  givenUp: number;
}

/** One query over the unsent rows (the worker's partial index holds just those). */
export async function outboxBacklog(db: Db, now: Date): Promise<OutboxBacklog> {
  const at = valueWriters(db).date(now);
  const row = await db
    .selectFrom('outbox')
    .select((eb) => {
      const tried = eb('attempts', '<', OUTBOX_MAX_ATTEMPTS);
      const due = eb.and([tried, eb('notBefore', '<=', at)]);
      return [
        eb.fn.count<number | string>(eb.case().when(tried).then(1).end()).as('waiting'),
        eb.fn.count<number | string>(eb.case().when(due).then(1).end()).as('due'),
        eb.fn.min(eb.case().when(due).then(eb.ref('notBefore')).end()).as('oldestDueAt'),
        eb.fn.count<number | string>(eb.case().when(eb.not(tried)).then(1).end()).as('givenUp'),
      ];
    })
    .where('sentAt', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    waiting: Number(row.waiting),
    due: Number(row.due),
    oldestDueAt: row.oldestDueAt === null ? null : readDate(row.oldestDueAt),
    givenUp: Number(row.givenUp),
  };
}
