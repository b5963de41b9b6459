import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A listing gets the phone's details, several photos and a price history.
 * - Details are columns of products, null for listings posted before they existed.
 * - Photos are rows with a position; position 0 is the cover, which products.imgUrl (the spec's
 *   imgURL) repeats. Each existing listing's image becomes its cover photo.
 * - Every change of a listing's prices is a row; each existing listing gets one with its current
 *   prices at its posting time. previousResellPriceCents keeps the price before the last change
 *   while that change was a drop, so that lists show "was $X" without reading the history.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  const add = (column: string, type: 'integer' | 'text') =>
    db.schema.alterTable('products').addColumn(column, type).execute();
  await db.schema
    .alterTable('products')
    .addColumn('storageGb', 'integer', (c) => c.check(sql`"storageGb" > 0`))
    .execute();
  await add('colour', 'text');
  await db.schema
    .alterTable('products')
    .addColumn('batteryHealth', 'integer', (c) => c.check(sql`"batteryHealth" between 1 and 100`))
    .execute();
  await add('networkLock', 'text');
  // The included items, comma-separated ('box,charger'); empty when nothing comes with it.
  await db.schema
    .alterTable('products')
    .addColumn('included', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // A calendar day, YYYY-MM-DD, on both databases.
  await add('warrantyUntil', 'text');
  await add('previousResellPriceCents', 'integer');

  await db.schema
    .createTable('productPhotos')
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 0 and 7`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('productPhotos_pk', ['productId', 'position'])
    .execute();

  await db.schema
    .createTable('productPriceHistory')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('originalPriceCents', 'integer', (c) => c.notNull())
    .addColumn('resellPriceCents', 'integer', (c) => c.notNull())
    .addColumn('changedAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('productPriceHistory_product_idx')
    .on('productPriceHistory')
    .columns(['productId', 'changedAt'])
    .execute();

  await sql`insert into "productPhotos" ("productId", position, url)
    select id, 0, "imgUrl" from products`.execute(db);
  await sql`insert into "productPriceHistory"
      (id, "productId", "originalPriceCents", "resellPriceCents", "changedAt")
    select 'posted-' || id, id, "originalPriceCents", "resellPriceCents", "postedAt" from products`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('productPriceHistory').execute();
  await db.schema.dropTable('productPhotos').execute();
  for (const column of [
    'previousResellPriceCents',
    'warrantyUntil',
    'included',
    'networkLock',
    'batteryHealth',
    'colour',
    'storageGb',
  ]) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
