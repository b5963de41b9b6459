import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A category page shows 'Total Products (n)'. Counting a category's rows costs a scan of its
 * index entries (about 27 ms for 250,000 rows on SQLite), far more than the page itself, so the
 * database keeps each category's count current itself, in the same transaction as every write.
 * `productVersion` moves whenever a row enters, leaves or moves within a category's newest-first
 * order, so positions remembered for deep pages are known to be stale on every instance.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('productCount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('categories')
    .addColumn('productVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update categories set "productCount" =
      (select count(*) from products where products.category = categories.name)
  `.execute(db);

  if (isPostgres(db)) {
    // Statement-level triggers with transition tables: a bulk insert updates each category once.
    await sql`
      create function products_count_added() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" + d.n, "productVersion" = c."productVersion" + 1
          from (select category, count(*) as n from added group by category) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    await sql`
      create function products_count_removed() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" - d.n, "productVersion" = c."productVersion" + 1
          from (select category, count(*) as n from removed group by category) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    await sql`
      create function products_count_moved() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" + d.n, "productVersion" = c."productVersion" + 1
          from (
            select category, sum(n) as n from (
              select a.category, 1 as n from added a join removed r on r.id = a.id
                where a.category <> r.category or a."postedAt" <> r."postedAt"
              union all
              select r.category, -1 as n from added a join removed r on r.id = a.id
                where a.category <> r.category or a."postedAt" <> r."postedAt"
            ) changes group by category
          ) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger products_count_insert after insert on products
      referencing new table as added
      for each statement execute function products_count_added()
    `.execute(db);
    await sql`
      create trigger products_count_delete after delete on products
      referencing old table as removed
      for each statement execute function products_count_removed()
    `.execute(db);
    await sql`
      create trigger products_count_update after update on products
      referencing old table as removed new table as added
      for each statement execute function products_count_moved()
    `.execute(db);
    return;
  }

  await sql`
    create trigger products_count_insert after insert on products begin
      update categories set "productCount" = "productCount" + 1,
        "productVersion" = "productVersion" + 1 where name = new.category;
    end
  `.execute(db);
  await sql`
    create trigger products_count_delete after delete on products begin
      update categories set "productCount" = "productCount" - 1,
        "productVersion" = "productVersion" + 1 where name = old.category;
    end
  `.execute(db);
  await sql`
    create trigger products_count_update after update of category, "postedAt" on products
    when old.category <> new.category or old."postedAt" <> new."postedAt" begin
      update categories set "productCount" = "productCount" - 1,
        "productVersion" = "productVersion" + 1 where name = old.category;
      update categories set "productCount" = "productCount" + 1,
        "productVersion" = "productVersion" + 1 where name = new.category;
    end
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const trigger of [
    'products_count_insert',
    'products_count_delete',
    'products_count_update',
  ]) {
    await sql`drop trigger if exists ${sql.raw(trigger)}${sql.raw(isPostgres(db) ? ' on products' : '')}`.execute(
      db,
    );
  }
  if (isPostgres(db)) {
    for (const fn of ['products_count_added', 'products_count_removed', 'products_count_moved']) {
      await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
    }
  }
  await db.schema.alterTable('categories').dropColumn('productVersion').execute();
  await db.schema.alterTable('categories').dropColumn('productCount').execute();
}
