import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Search over the listings with each database's own engine, kept current by the database in
 * the same transaction as every write to products, and the buyers' saved searches.
 *
 * SQLite: a contentless FTS5 table (rowid = products.rowid) with columns name, brand, details
 * (storage as "128 gb", colour) and description, prefix indexes for 2 and 3 letters, and an
 * fts5vocab table over it whose terms serve the typo expansion.
 *
 * PostgreSQL: a generated tsvector column (name weighted A, brand and details B, description C;
 * letters split from digits so "iPhone13" also indexes "iphone" and "13") under a GIN index, and
 * a table of the indexed words under a pg_trgm index for the typo expansion.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('savedSearches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('seenUntil', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_searches_user_idx')
    .on('savedSearches')
    .columns(['userId', 'createdAt'])
    .execute();

  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    const splitDigits = (column: string) =>
      sql`regexp_replace(regexp_replace(${sql.ref(column)}, '([[:alpha:]])([[:digit:]])', '\\1 \\2', 'g'), '([[:digit:]])([[:alpha:]])', '\\1 \\2', 'g')`;
    await sql`
      alter table products add column "searchVector" tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, name || ' ' || ${splitDigits('name')}), 'A') ||
        setweight(to_tsvector('simple'::regconfig, category), 'B') ||
        setweight(to_tsvector('simple'::regconfig,
          coalesce(case when "storageGb" >= 1024 then ("storageGb" / 1024)::text || ' tb'
                        else "storageGb"::text || ' gb' end, '') || ' ' || coalesce(colour, '')), 'B') ||
        setweight(to_tsvector('simple'::regconfig, description || ' ' || ${splitDigits('description')}), 'C')
      ) stored
    `.execute(db);
    await sql`create index products_search_idx on products using gin ("searchVector")`.execute(db);

    await sql`create table "searchWords" (word text primary key)`.execute(db);
    await sql`create index search_words_trgm_idx on "searchWords" using gin (word gin_trgm_ops)`.execute(
      db,
    );
    // Statement-level triggers with transition tables: a bulk insert adds its words at once.
    await sql`
      create function products_search_words() returns trigger language plpgsql as $$
      begin
        insert into "searchWords" (word)
          select distinct lexeme from added, unnest(tsvector_to_array(added."searchVector")) as lexeme
          where length(lexeme) >= 4 and lexeme ~ '^[a-z]+$'
          on conflict do nothing;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger products_search_words_insert after insert on products
      referencing new table as added
      for each statement execute function products_search_words()
    `.execute(db);
    // Transition tables allow no column list: every update statement looks at its rows' words.
    await sql`
      create trigger products_search_words_update after update on products
      referencing new table as added
      for each statement execute function products_search_words()
    `.execute(db);
    await sql`
      insert into "searchWords" (word)
        select distinct lexeme from products, unnest(tsvector_to_array("searchVector")) as lexeme
        where length(lexeme) >= 4 and lexeme ~ '^[a-z]+$'
      on conflict do nothing
    `.execute(db);
    return;
  }

  await sql`
    create virtual table products_search using fts5(
      name, brand, details, description,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )
  `.execute(db);
  await sql`create virtual table products_search_vocab using fts5vocab(products_search, row)`.execute(
    db,
  );
  const values = (row: 'new' | 'products') =>
    sql.raw(`
    ${row}.rowid, ${row}.name, ${row}.category,
    coalesce(case when ${row}."storageGb" >= 1024 then (${row}."storageGb" / 1024) || ' tb'
                  else ${row}."storageGb" || ' gb' end, '') || ' ' || coalesce(${row}.colour, ''),
    ${row}.description`);
  await sql`
    create trigger products_search_insert after insert on products begin
      insert into products_search (rowid, name, brand, details, description) values (${values('new')});
    end
  `.execute(db);
  await sql`
    create trigger products_search_update
    after update of name, category, "storageGb", colour, description on products begin
      delete from products_search where rowid = old.rowid;
      insert into products_search (rowid, name, brand, details, description) values (${values('new')});
    end
  `.execute(db);
  await sql`
    create trigger products_search_delete after delete on products begin
      delete from products_search where rowid = old.rowid;
    end
  `.execute(db);
  await sql`
    insert into products_search (rowid, name, brand, details, description)
    select ${values('products')} from products
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists products_search_words_insert on products`.execute(db);
    await sql`drop trigger if exists products_search_words_update on products`.execute(db);
    await sql`drop function if exists products_search_words()`.execute(db);
    await sql`drop table if exists "searchWords"`.execute(db);
    await sql`drop index if exists products_search_idx`.execute(db);
    await sql`alter table products drop column if exists "searchVector"`.execute(db);
  } else {
    await sql`drop trigger if exists products_search_insert`.execute(db);
    await sql`drop trigger if exists products_search_update`.execute(db);
    await sql`drop trigger if exists products_search_delete`.execute(db);
    await sql`drop table if exists products_search_vocab`.execute(db);
    await sql`drop table if exists products_search`.execute(db);
  }
  await db.schema.dropTable('savedSearches').execute();
}
