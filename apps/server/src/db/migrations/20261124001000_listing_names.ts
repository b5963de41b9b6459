import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The distinct names of listings on show (not sold, not held or hidden by moderation), each with
 * how many such listings carry it: what the search box suggests from. A catalogue of a million listings has a few thousand distinct names,
 * so suggestions read this small table instead of the search index, at any size. Kept by the
 * database in the same transaction as every write to products. A name whose count falls to zero
 * keeps its row (a later listing may bring it back); suggestions skip it.
 *
 * `key` is the name in lower case without outer spaces; `name` is the first spelling seen.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('listingNames')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('live', 'integer', (c) => c.notNull())
    .execute();

  if (isPostgres(db)) {
    // Statement-level triggers with transition tables: a bulk insert counts its names at once.
    await sql`
      create function listing_names_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update "listingNames" n set live = n.live - gone.count
          from (select lower(trim(name)) as key, count(*) as count from removed
                where status <> 'sold' and moderation is null group by 1) gone
          where n.key = gone.key;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into "listingNames" (key, name, live)
            select lower(trim(name)), min(trim(name)), count(*) from added
            where status <> 'sold' and moderation is null group by 1
          on conflict (key) do update set live = "listingNames".live + excluded.live;
        end if;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger listing_names_insert after insert on products
      referencing new table as added
      for each statement execute function listing_names_count()
    `.execute(db);
    await sql`
      create trigger listing_names_update after update on products
      referencing old table as removed new table as added
      for each statement execute function listing_names_count()
    `.execute(db);
    await sql`
      create trigger listing_names_delete after delete on products
      referencing old table as removed
      for each statement execute function listing_names_count()
    `.execute(db);
  } else {
    await sql`
      create trigger listing_names_insert after insert on products
      when new.status <> 'sold' and new.moderation is null begin
        insert into "listingNames" (key, name, live) values (lower(trim(new.name)), trim(new.name), 1)
        on conflict (key) do update set live = live + 1;
      end
    `.execute(db);
    await sql`
      create trigger listing_names_update after update of name, status, moderation on products begin
        update "listingNames" set live = live - 1
        where key = lower(trim(old.name)) and old.status <> 'sold' and old.moderation is null;
        insert into "listingNames" (key, name, live)
          select lower(trim(new.name)), trim(new.name), 1
          where new.status <> 'sold' and new.moderation is null
        on conflict (key) do update set live = live + 1;
      end
    `.execute(db);
    await sql`
      create trigger listing_names_delete after delete on products
      when old.status <> 'sold' and old.moderation is null begin
        update "listingNames" set live = live - 1 where key = lower(trim(old.name));
      end
    `.execute(db);
  }

  await sql`
    insert into "listingNames" (key, name, live)
    select lower(trim(name)), min(trim(name)), count(*) from products
    where status <> 'sold' and moderation is null group by lower(trim(name))
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists listing_names_insert on products`.execute(db);
    await sql`drop trigger if exists listing_names_update on products`.execute(db);
    await sql`drop trigger if exists listing_names_delete on products`.execute(db);
    await sql`drop function if exists listing_names_count()`.execute(db);
  } else {
    await sql`drop trigger if exists listing_names_insert`.execute(db);
    await sql`drop trigger if exists listing_names_update`.execute(db);
    await sql`drop trigger if exists listing_names_delete`.execute(db);
  }
  await db.schema.dropTable('listingNames').ifExists().execute();
}
