// The rows a worker sends once each, emails (`outbox`) and pushes (`push_deliveries`), share one
// life: due, claimed by one worker for a while, then sent, failed until a later time, or dropped.
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { valueWriters } from './dialect.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type DeliveryTable = 'outbox' | 'push_deliveries';

/** Not sent, and nobody's claim on it runs past `at` (a date as the dialect writes it). */
export function unclaimed(eb: ExpressionBuilder<Database, DeliveryTable>, at: string | Date) {
  return eb.and([
    eb('sentAt', 'is', null),
    eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', at)]),
  ]);
}

/**
 * Takes the row for one worker until `until`, counting the try: one conditional update, so of
 * several workers (in this process or others) exactly one sees its row change. Answers whether
 * this one did.
 */
export async function claimDelivery(
  db: Db,
  table: DeliveryTable,
  id: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const w = valueWriters(db);
  const result = await db
    .updateTable(table)
    .set((eb) => ({ lockedUntil: w.date(until), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => unclaimed(eb, w.date(now)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markDeliverySent(
  db: Db,
  table: DeliveryTable,
  id: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ sentAt: valueWriters(db).date(at), lockedUntil: null, lastError: null })
    .where('id', '=', id)
    .execute();
}

/**
 * A failed try: the row waits until `retryAt`, with its error kept. Answers how many tries it
 * has had (null: the row is gone).
 */
export async function markDeliveryFailed(
  db: Db,
  table: DeliveryTable,
  id: string,
  error: string,
  retryAt: Date,
): Promise<number | null> {
  const row = await db
    .updateTable(table)
    .set({
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      notBefore: valueWriters(db).date(retryAt),
    })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** A row no longer wanted: nothing of it is sent. */
export async function dropDelivery(db: Db, table: DeliveryTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
