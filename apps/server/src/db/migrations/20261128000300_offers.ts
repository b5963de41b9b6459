import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Offers (decision 0035).
 *
 * `offers`: a buyer's price for a listing (or the seller's, to everyone who saved it), open
 * until a side accepts or declines it or it expires 48 hours after its last step. `awaiting`
 * names the side whose answer it waits for. One open offer per buyer and listing (a partial
 * unique index). An accepted offer keeps the booking request it became.
 *
 * `offer_rules`: a listing's automatic answers (a floor below which offers are declined, a price
 * from which they are accepted) and when its seller last offered it to everyone who saved it.
 *
 * `bookings.offerId`: the offer a request came from; its `priceCents` is then the agreed price.
 * `messages.offerId`, `messages.offerStep`, `messages.offerPriceCents`: a message that is an
 * offer's step, shown as an event card.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('productId', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('buyerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sellerId', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('productName', 'text', (c) => c.notNull())
    .addColumn('offeredPriceCents', 'integer', (c) => c.notNull())
    .addColumn('priceCents', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // The buyer's offers on the listing so far, this one included; 0 for the seller's offer.
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'accepted', 'declined', 'expired')`),
    )
    .addColumn('awaiting', 'text', (c) => c.check(sql`awaiting in ('buyer', 'seller')`))
    .addColumn('source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('buyer')
        .check(sql`source in ('buyer', 'saved')`),
    )
    .addColumn('closedBy', 'text', (c) => c.check(sql`"closedBy" in ('buyer', 'seller', 'system')`))
    .addColumn('bookingId', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('conversationId', 'text', (c) =>
      c.references('conversations.id').onDelete('set null'),
    )
    .addColumn('farBelowMedian', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('offers_open_unique')
    .on('offers')
    .columns(['buyerId', 'productId'])
    .unique()
    .where(sql.ref('status'), '=', sql`'open'`)
    .execute();
  await db.schema
    .createIndex('offers_open_updated_idx')
    .on('offers')
    .column('updatedAt')
    .where(sql.ref('status'), '=', sql`'open'`)
    .execute();
  await db.schema
    .createIndex('offers_buyer_created_idx')
    .on('offers')
    .columns(['buyerId', 'createdAt'])
    .execute();
  await db.schema.createIndex('offers_product_idx').on('offers').column('productId').execute();

  await db.schema
    .createTable('offer_rules')
    .addColumn('productId', 'text', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('declineBelowCents', 'integer')
    .addColumn('acceptFromCents', 'integer')
    .addColumn('savedOfferAt', t.timestamp)
    .execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('offerId', 'text', (c) => c.references('offers.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('messages').addColumn('offerId', 'text').execute();
  await db.schema.alterTable('messages').addColumn('offerStep', 'text').execute();
  await db.schema.alterTable('messages').addColumn('offerPriceCents', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['offerPriceCents', 'offerStep', 'offerId']) {
    await db.schema.alterTable('messages').dropColumn(column).execute();
  }
  await db.schema.alterTable('bookings').dropColumn('offerId').execute();
  await db.schema.dropTable('offer_rules').execute();
  await db.schema.dropTable('offers').execute();
}
