import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The search index holds the listings on show only (not sold, not held or hidden), each as a
 * document with the values the filters read, under a document id that orders by posting time:
 * the posting time in milliseconds times 2048, plus a sequence number within the millisecond.
 * Newest first is then the index's own order, so a page of results is read from the top of the
 * index and stops once it is full, whatever the number of matches (decision 0024).
 *
 * `search_docs` (docid, product id, category, price, condition, storage, battery, seller) is
 * kept by triggers on products in the same transaction as every write. The words stay where
 * they were indexed before: SQLite's FTS5 table `products_search`, now keyed by docid and with
 * prefix indexes for every prefix of 2 to 8 letters (a prefix query then reads one list in
 * order instead of merging every word it begins); on PostgreSQL the document carries the
 * listing's tsvector under its own GIN index.
 */
const LIVE = (row: string) => `${row}.status <> 'sold' and ${row}.moderation is null`;

/** The columns of products a document copies: a write to any of them rewrites it. */
const SOURCE_COLUMNS = [
  'name',
  'category',
  '"storageGb"',
  'colour',
  'description',
  'status',
  'moderation',
  '"postedAt"',
  '"resellPriceCents"',
  'condition',
  '"batteryHealth"',
  '"sellerId"',
].join(', ');

/** The documents; SQLite's rowid table wants `integer primary key` for the docid to be its rowid. */
async function createDocuments(db: AnyDb, docid: 'integer' | 'bigint', more = ''): Promise<void> {
  await sql`
    create table search_docs (
      docid ${sql.raw(docid)} primary key,
      product text not null unique,
      category text not null,
      price integer not null,
      condition text not null,
      storage integer,
      battery integer,
      seller text not null${sql.raw(more)}
    )
  `.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await upPostgres(db);
    return;
  }
  await sql`drop trigger if exists products_search_insert`.execute(db);
  await sql`drop trigger if exists products_search_update`.execute(db);
  await sql`drop trigger if exists products_search_delete`.execute(db);
  await sql`drop table if exists products_search_vocab`.execute(db);
  await sql`drop table if exists products_search`.execute(db);

  await createDocuments(db, 'integer');
  await sql`create index search_docs_category_idx on search_docs (category, docid)`.execute(db);
  // Price orders without words, and on PostgreSQL a price range beside the text index's matches.
  await sql`create index search_docs_price_idx on search_docs (price, docid)`.execute(db);
  await sql`
    create virtual table products_search using fts5(
      name, brand, details, description,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
    )
  `.execute(db);
  await sql`create virtual table products_search_vocab using fts5vocab(products_search, row)`.execute(
    db,
  );

  const details = (row: string) =>
    `coalesce(case when ${row}."storageGb" >= 1024 then (${row}."storageGb" / 1024) || ' tb'
                   else ${row}."storageGb" || ' gb' end, '') || ' ' || coalesce(${row}.colour, '')`;
  const base = (row: string) =>
    `cast(round((julianday(${row}."postedAt") - 2440587.5) * 86400000) as integer) * 2048`;
  // One row at a time (row triggers): the next free number within the listing's millisecond.
  const addDocument = sql.raw(`
    insert into search_docs (docid, product, category, price, condition, storage, battery, seller)
      select coalesce((select max(docid) + 1 from search_docs where docid between b and b + 2047), b),
             new.id, new.category, new."resellPriceCents", new.condition, new."storageGb",
             new."batteryHealth", new."sellerId"
      from (select ${base('new')} as b) where ${LIVE('new')};
    insert into products_search (rowid, name, brand, details, description)
      select docid, new.name, new.category, ${details('new')}, new.description
      from search_docs where product = new.id;
  `);
  const removeDocument = sql.raw(`
    delete from products_search where rowid = (select docid from search_docs where product = old.id);
    delete from search_docs where product = old.id;
  `);
  await sql`
    create trigger search_docs_insert after insert on products begin ${addDocument} end
  `.execute(db);
  await sql`
    create trigger search_docs_update after update of ${sql.raw(SOURCE_COLUMNS)} on products
    begin ${removeDocument} ${addDocument} end
  `.execute(db);
  await sql`
    create trigger search_docs_delete after delete on products begin ${removeDocument} end
  `.execute(db);

  // The listings on show now, numbered within each millisecond in the order they were added.
  await sql`
    insert into search_docs (docid, product, category, price, condition, storage, battery, seller)
    select b + row_number() over (partition by b order by r) - 1,
           id, category, "resellPriceCents", condition, "storageGb", "batteryHealth", "sellerId"
    from (select ${sql.raw(base('products'))} as b, rowid as r, * from products where ${sql.raw(LIVE('products'))})
  `.execute(db);
  await sql`
    insert into products_search (rowid, name, brand, details, description)
    select d.docid, p.name, p.category, ${sql.raw(details('p'))}, p.description
    from search_docs d join products p on p.id = d.product
  `.execute(db);
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`drop index if exists products_search_idx`.execute(db);
  await sql`create sequence search_docs_seq`.execute(db);
  await createDocuments(db, 'bigint', ', words tsvector not null');
  // The sequence numbers listings within a millisecond; two in the same millisecond would need
  // 2048 other listings between them to meet.
  const docid = (row: string) =>
    `floor(extract(epoch from ${row}."postedAt") * 1000)::bigint * 2048 + nextval('search_docs_seq') % 2048`;
  await sql`
    create function search_docs_write() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from search_docs where product = old.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and ${sql.raw(LIVE('new'))} then
        insert into search_docs (docid, product, category, price, condition, storage, battery, seller, words)
        values (${sql.raw(docid('new'))}, new.id, new.category, new."resellPriceCents", new.condition,
                new."storageGb", new."batteryHealth", new."sellerId", new."searchVector");
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_docs_insert after insert on products
    for each row execute function search_docs_write()
  `.execute(db);
  await sql`
    create trigger search_docs_update after update of ${sql.raw(SOURCE_COLUMNS)} on products
    for each row execute function search_docs_write()
  `.execute(db);
  await sql`
    create trigger search_docs_delete after delete on products
    for each row execute function search_docs_write()
  `.execute(db);
  await sql`
    insert into search_docs (docid, product, category, price, condition, storage, battery, seller, words)
    select ${sql.raw(docid('products'))}, id, category, "resellPriceCents", condition, "storageGb",
           "batteryHealth", "sellerId", "searchVector"
    from products where ${sql.raw(LIVE('products'))}
  `.execute(db);
  await sql`create index search_docs_category_idx on search_docs (category, docid)`.execute(db);
  // Price orders without words, and on PostgreSQL a price range beside the text index's matches.
  await sql`create index search_docs_price_idx on search_docs (price, docid)`.execute(db);
  await sql`create index search_docs_words_idx on search_docs using gin (words)`.execute(db);

  // "searchWords" now holds every indexed word, digits and short ones too: a prefix the buyer
  // typed is looked up there and searched as the whole words it begins, which the GIN index
  // answers from its lists directly (a prefix match would walk every entry it begins).
  await sql`
    create or replace function products_search_words() returns trigger language plpgsql as $$
    begin
      insert into "searchWords" (word)
        select distinct lexeme from added, unnest(tsvector_to_array(added."searchVector")) as lexeme
        where lexeme ~ '^[a-z0-9]+$'
        on conflict do nothing;
      return null;
    end $$
  `.execute(db);
  await sql`
    insert into "searchWords" (word)
      select distinct lexeme from search_docs, unnest(tsvector_to_array(words)) as lexeme
      where lexeme ~ '^[a-z0-9]+$'
    on conflict do nothing
  `.execute(db);
  await sql`create index search_words_prefix_idx on "searchWords" (word text_pattern_ops)`.execute(
    db,
  );
  await sql`analyze search_docs`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error(
    'The search documents cannot be taken back: the earlier index is rebuilt from a backup',
  );
}
