import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const STATUSES = sql`('requested', 'accepted', 'declined', 'cancelled', 'expired', 'completed')`;
const OPEN = sql`('requested', 'accepted')`;

/** The columns a booking had before it became a request, in order. */
const OLD_COLUMNS = [
  'id',
  'buyerId',
  'productId',
  'sellerId',
  'name',
  'email',
  'phone',
  'location',
  'productName',
  'priceCents',
  'imgUrl',
  'createdAt',
];

/**
 * A booking becomes a request the seller answers: it has a status, the meeting the seller sets,
 * the buyer's proposed time, why and by whom it was closed, and the hand-over code that completes
 * the deal. Existing bookings become waiting requests. A buyer may hold one open request per
 * listing (a declined or cancelled one no longer stops a new one), so the unique pair of buyer
 * and product becomes a partial unique index over open requests.
 *
 * A sold listing leaves its category: the category counts and the category order index now
 * cover unsold listings only. Deleting a listing closes its open requests; deleting an accepted
 * request (with its buyer's account) frees its listing.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  if (isPostgres(db)) {
    await sql`alter table bookings drop constraint bookings_buyer_product_unique`.execute(db);
    await addRequestColumns(db, 'bookings');
  } else {
    await rebuildSqliteBookings(db);
  }
  await sql`update bookings set "updatedAt" = "createdAt"`.execute(db);

  await db.schema
    .createIndex('bookings_open_unique')
    .on('bookings')
    .columns(['buyerId', 'productId'])
    .unique()
    .where(sql.ref('status'), 'in', OPEN)
    .execute();
  // The expiry job looks for waiting requests by age.
  await db.schema
    .createIndex('bookings_requested_created_idx')
    .on('bookings')
    .column('createdAt')
    .where(sql.ref('status'), '=', sql`'requested'`)
    .execute();

  await countUnsoldOnly(db);

  await db.schema.dropIndex('products_category_posted_idx').execute();
  await db.schema
    .createIndex('products_category_posted_idx')
    .on('products')
    .columns(['category', 'postedAt desc', 'id desc'])
    .where(sql.ref('status'), '<>', sql`'sold'`)
    .execute();

  await closeRequestsOfDeletedListings(db, t.timestamp);
  await freeListingsOfDeletedRequests(db);
}

async function addRequestColumns(db: AnyDb, table: string): Promise<void> {
  const t = columnTypes(db);
  const alter = () => db.schema.alterTable(table);
  await alter()
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`status in ${STATUSES}`),
    )
    .execute();
  for (const column of ['proposedAt', 'meetingAt', 'respondedAt', 'completedAt', 'updatedAt']) {
    await alter().addColumn(column, t.timestamp).execute();
  }
  for (const column of ['meetingPlace', 'meetingTimeZone', 'closeReason', 'handoverCode']) {
    await alter().addColumn(column, 'text').execute();
  }
  await alter()
    .addColumn('closedBy', 'text', (c) => c.check(sql`"closedBy" in ('buyer', 'seller', 'system')`))
    .execute();
  await alter()
    .addColumn('codeAttempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/**
 * SQLite cannot drop a table constraint: the table is made again without it, the rows copied,
 * and its indexes made again.
 */
async function rebuildSqliteBookings(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('bookings_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('buyerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('productId', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('sellerId', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('productName', 'text', (c) => c.notNull())
    .addColumn('priceCents', 'integer', (c) => c.notNull())
    .addColumn('imgUrl', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute();
  await addRequestColumns(db, 'bookings_next');
  const columns = sql.join(OLD_COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into bookings_next (${columns}) select ${columns} from bookings`.execute(db);
  await db.schema.dropTable('bookings').execute();
  await db.schema.alterTable('bookings_next').renameTo('bookings').execute();
  await db.schema
    .createIndex('bookings_buyer_idx')
    .on('bookings')
    .columns(['buyerId', 'createdAt desc'])
    .execute();
  await db.schema
    .createIndex('bookings_seller_idx')
    .on('bookings')
    .columns(['sellerId', 'createdAt desc'])
    .execute();
  await db.schema.createIndex('bookings_product_idx').on('bookings').column('productId').execute();
}

/**
 * The category counts of the category_product_counts migration, now of unsold listings only: a
 * listing that becomes sold leaves its category's count and order, one that stops being sold
 * comes back. Reserved listings stay.
 */
async function countUnsoldOnly(db: AnyDb): Promise<void> {
  await sql`
    update categories set "productCount" = (select count(*) from products
      where products.category = categories.name and products.status <> 'sold'),
      "productVersion" = "productVersion" + 1
  `.execute(db);

  if (isPostgres(db)) {
    await sql`
      create or replace function products_count_added() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" + d.n, "productVersion" = c."productVersion" + 1
          from (select category, count(*) as n from added where status <> 'sold' group by category) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    await sql`
      create or replace function products_count_removed() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" - d.n, "productVersion" = c."productVersion" + 1
          from (select category, count(*) as n from removed where status <> 'sold' group by category) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    await sql`
      create or replace function products_count_moved() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" + d.n, "productVersion" = c."productVersion" + 1
          from (
            select category, sum(n) as n from (
              select a.category, 1 as n from added a join removed r on r.id = a.id
                where a.status <> 'sold' and (a.category <> r.category
                  or a."postedAt" <> r."postedAt" or r.status = 'sold')
              union all
              select r.category, -1 as n from added a join removed r on r.id = a.id
                where r.status <> 'sold' and (a.category <> r.category
                  or a."postedAt" <> r."postedAt" or a.status = 'sold')
            ) changes group by category
          ) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    return;
  }

  for (const trigger of [
    'products_count_insert',
    'products_count_delete',
    'products_count_update',
  ]) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`
    create trigger products_count_insert after insert on products
    when new.status <> 'sold' begin
      update categories set "productCount" = "productCount" + 1,
        "productVersion" = "productVersion" + 1 where name = new.category;
    end
  `.execute(db);
  await sql`
    create trigger products_count_delete after delete on products
    when old.status <> 'sold' begin
      update categories set "productCount" = "productCount" - 1,
        "productVersion" = "productVersion" + 1 where name = old.category;
    end
  `.execute(db);
  await sql`
    create trigger products_count_update after update of category, "postedAt", status on products
    when old.category <> new.category or old."postedAt" <> new."postedAt"
      or (old.status = 'sold') <> (new.status = 'sold') begin
      update categories set "productCount" = "productCount" - 1,
        "productVersion" = "productVersion" + 1
        where name = old.category and old.status <> 'sold';
      update categories set "productCount" = "productCount" + 1,
        "productVersion" = "productVersion" + 1
        where name = new.category and new.status <> 'sold';
    end
  `.execute(db);
}

/**
 * A deleted listing can no longer be met for: its open requests are cancelled in the same
 * statement, before the booking loses its link to the listing.
 */
async function closeRequestsOfDeletedListings(db: AnyDb, timestamp: string): Promise<void> {
  const now = timestamp === 'timestamptz' ? sql`now()` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const close = sql`
    update bookings set status = 'cancelled', "closeReason" = 'The listing was removed',
      "closedBy" = 'seller', "handoverCode" = null, "updatedAt" = ${now}
    where "productId" = old.id and status in ${OPEN}
  `;
  if (isPostgres(db)) {
    await sql`
      create function bookings_close_for_deleted_product() returns trigger language plpgsql as $$
      begin
        ${close};
        return old;
      end $$
    `.execute(db);
    await sql`
      create trigger products_close_bookings before delete on products
      for each row execute function bookings_close_for_deleted_product()
    `.execute(db);
    return;
  }
  await sql`
    create trigger products_close_bookings before delete on products begin
      ${close};
    end
  `.execute(db);
}

/**
 * An accepted request that goes away with its buyer's account (deleted with it) no longer holds
 * the listing: the listing becomes available again.
 */
async function freeListingsOfDeletedRequests(db: AnyDb): Promise<void> {
  const free = sql`
    update products set status = 'available'
    where id = old."productId" and status = 'reserved'
  `;
  if (isPostgres(db)) {
    await sql`
      create function bookings_free_reserved_product() returns trigger language plpgsql as $$
      begin
        ${free};
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger bookings_free_product after delete on bookings
      for each row when (old.status = 'accepted')
      execute function bookings_free_reserved_product()
    `.execute(db);
    return;
  }
  await sql`
    create trigger bookings_free_product after delete on bookings
    when old.status = 'accepted' begin
      ${free};
    end
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  void db;
  throw new Error('Booking requests cannot be turned back into plain bookings');
}
