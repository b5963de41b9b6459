import crypto from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { BookingInspectionsTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A booking as its check needs it: its state, its listing and that listing's IMEI hash. */
export function findBookingForInspection(db: Db, id: string) {
  return db
    .selectFrom('bookings as b')
    .leftJoin('products as p', 'p.id', 'b.productId')
    .select([
      'b.id',
      'b.status',
      'b.productId',
      'b.handoverCode',
      'b.inspectionRequired',
      'b.meetingAt',
      'p.imeiHash as listingImeiHash',
    ])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

export function findInspection(db: Db, bookingId: string) {
  return db
    .selectFrom('booking_inspections')
    .select(['answers', 'imeiState', 'imeiTries', 'completedAt', 'handedOverAt', 'updatedAt'])
    .where('bookingId', '=', bookingId)
    .executeTakeFirst();
}

/** Writes the booking's inspection record, making it on first use. */
export async function saveInspection(
  db: Db,
  bookingId: string,
  productId: string | null,
  change: Updateable<BookingInspectionsTable> & { updatedAt: Date | string },
): Promise<void> {
  const updated = await db
    .updateTable('booking_inspections')
    .set(change)
    .where('bookingId', '=', bookingId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('booking_inspections')
    .values({
      id: crypto.randomUUID(),
      bookingId,
      productId,
      answers: change.answers ?? '{}',
      imeiState: change.imeiState ?? 'unchecked',
      imeiTries: change.imeiTries ?? 0,
      completedAt: change.completedAt ?? null,
      createdAt: change.updatedAt,
      updatedAt: change.updatedAt,
    })
    .execute();
}

/** The deal completed after a complete check: it is "checked at hand-over". */
export async function markHandedOver(db: Db, bookingId: string, at: Date | string): Promise<void> {
  await db
    .updateTable('booking_inspections')
    .set({ handedOverAt: at })
    .where('bookingId', '=', bookingId)
    .where('completedAt', 'is not', null)
    .execute();
}
