import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The check at hand-over (decision 0030):
 * - `bookings.inspectionRequired`: the buyer checks the phone before its code is shown, and the
 *   deal completes only after that. Requests accepted before this change keep false: their
 *   buyers already hold a code, and no deal in progress is blocked by a step it never had.
 * - `booking_inspections`: a deal's inspection record (the buyer's answers as JSON, the IMEI
 *   step's state and tries; never the IMEI typed). It outlives its order (set null) and keeps
 *   its listing, so the phone's history still knows the sale was checked; `handedOverAt` is set
 *   when the deal completes after the check: "checked at hand-over".
 * - `seller_stats.checkedDeals`: a seller's completed deals that were checked, beside
 *   `completedDeals`, counted in the completing transaction.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('bookings')
    .addColumn('inspectionRequired', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();

  await db.schema
    .createTable('booking_inspections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) =>
      c.unique().references('bookings.id').onDelete('set null'),
    )
    .addColumn('productId', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('imeiState', 'text', (c) => c.notNull().defaultTo('unchecked'))
    .addColumn('imeiTries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completedAt', t.timestamp)
    .addColumn('handedOverAt', t.timestamp)
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute();
  // The phone's history reads the checked sales of a listing.
  await db.schema
    .createIndex('booking_inspections_product_idx')
    .on('booking_inspections')
    .column('productId')
    .execute();

  await db.schema
    .alterTable('seller_stats')
    .addColumn('checkedDeals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('seller_stats').dropColumn('checkedDeals').execute();
  await db.schema.dropTable('booking_inspections').execute();
  await db.schema.alterTable('bookings').dropColumn('inspectionRequired').execute();
}
