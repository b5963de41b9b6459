import type { Kysely } from 'kysely';
import type { PaginationQuery } from '@market/shared';
import { valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { listPage } from '../../lib/paging.ts';

type Db = Kysely<Database>;

const COLUMNS = [
  'productId',
  'code',
  'photoKey',
  'status',
  'submittedAt',
  'rejectReason',
  'clearedBecause',
] as const;

/** Gives the listing its code unless it has one (listings posted before codes existed). */
export async function insertPossession(db: Db, productId: string, code: string, now: Date) {
  await db
    .insertInto('possession_proofs')
    .values({ productId, code, status: 'none', createdAt: valueWriters(db).date(now) })
    .onConflict((oc) => oc.column('productId').doNothing())
    .execute();
}

export function findPossession(db: Db, productId: string) {
  return db
    .selectFrom('possession_proofs')
    .select(COLUMNS)
    .where('productId', '=', productId)
    .executeTakeFirst();
}

export type PossessionRow = NonNullable<Awaited<ReturnType<typeof findPossession>>>;

/** A new photo waits for a moderator, whatever was decided about an earlier one. */
export async function setPossessionPhoto(db: Db, productId: string, photoKey: string, now: Date) {
  await db
    .updateTable('possession_proofs')
    .set({
      photoKey,
      status: 'pending',
      submittedAt: valueWriters(db).date(now),
      reviewedBy: null,
      reviewedAt: null,
      rejectReason: null,
    })
    .where('productId', '=', productId)
    .execute();
}

/** Records a moderator's decision on a waiting photo; answers whether one was waiting. */
export async function decidePossession(
  db: Db,
  productId: string,
  decision: { status: 'verified' | 'rejected'; rejectReason: string | null },
  reviewerId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('possession_proofs')
    .set({ ...decision, reviewedBy: reviewerId, reviewedAt: valueWriters(db).date(now) })
    .where('productId', '=', productId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A verification (or a photo waiting for one) no longer holds once the phone's IMEI or model
 * changes: back to no photo, with when and why kept.
 */
export async function clearPossession(db: Db, productId: string, because: string, now: Date) {
  await db
    .updateTable('possession_proofs')
    .set({ status: 'none', clearedAt: valueWriters(db).date(now), clearedBecause: because })
    .where('productId', '=', productId)
    .where('status', 'in', ['verified', 'pending'])
    .execute();
}

/** Photos waiting for a moderator, oldest first. */
export function listPendingPossession(db: Db, page: PaginationQuery) {
  const rows = db
    .selectFrom('possession_proofs as pp')
    .innerJoin('products as p', 'p.id', 'pp.productId')
    .innerJoin('users as u', 'u.id', 'p.sellerId')
    .select([
      'pp.productId',
      'pp.code',
      'pp.submittedAt',
      'p.name as productName',
      'p.model',
      'u.id as sellerId',
      'u.name as sellerName',
    ])
    .where('pp.status', '=', 'pending')
    .orderBy('pp.submittedAt')
    .orderBy('pp.productId');
  const all = db.selectFrom('possession_proofs').where('status', '=', 'pending');
  return listPage(rows, all, page);
}
