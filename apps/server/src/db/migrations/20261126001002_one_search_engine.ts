import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One search engine: each server's in-memory index (decision 0017) answers every search, facet,
 * suggestion and saved-search alert, following `search_docs` through `search_log`. The databases'
 * own text engines go:
 * - SQLite: the FTS5 table `products_search` and its vocabulary table;
 * - PostgreSQL: `products."searchVector"` and `search_docs.words` with their GIN indexes, the
 *   `searchWords` table with its triggers;
 * - both: `listingNames` and its triggers (the index counts the names itself), and the indexes
 *   of `search_docs` that only its queries read.
 *
 * Document ids change to the posting time in whole seconds times 2^21, plus a number within the
 * second: at most 2^21 listings a second, and ids stay below 2^53 (JavaScript numbers exact) until
 * the year 2106. SQLite takes the next free number within the second (it has one writer);
 * PostgreSQL takes a sequence's next value modulo 2^21 and, should that id be taken, the next
 * (ON CONFLICT DO NOTHING: no error, no subtransaction), so that any number of listings posted
 * in one transaction or second get ids. Existing documents are renumbered, in their order.
 *
 * A change of the listing's area now rewrites its document, so that the log names it and the
 * index reads the area's words again.
 *
 * A listing's category and condition must be among the marketplace's (CATEGORIES and
 * CONDITIONS in packages/shared, as they stand at this migration): the index files them by their
 * place in those lists and refuses others.
 */

/** Document ids per second of posting time (search-index.ts DOCIDS_PER_SECOND). */
const PER_SECOND = 2 ** 21;

const CATEGORIES = ['iPhone', 'samsung', 'xiaomi', 'realme'];
const CONDITIONS = ['excellent', 'good', 'fair'];
const listOf = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

const LIVE = (row: string) => `${row}.status <> 'sold' and ${row}.moderation is null`;

/** The columns of products a document copies or the index reads: a write to any rewrites it. */
const SOURCE_COLUMNS = [
  'name',
  'category',
  '"storageGb"',
  'colour',
  'description',
  'location',
  'status',
  'moderation',
  '"postedAt"',
  '"resellPriceCents"',
  'condition',
  '"batteryHealth"',
  '"sellerId"',
].join(', ');

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await upPostgres(db);
    return;
  }
  await sql`drop table if exists products_search_vocab`.execute(db);
  await sql`drop table if exists products_search`.execute(db);
  for (const name of ['listing_names_insert', 'listing_names_update', 'listing_names_delete']) {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await sql`drop table if exists "listingNames"`.execute(db);
  await sql`drop index if exists search_docs_category_idx`.execute(db);
  await sql`drop index if exists search_docs_price_idx`.execute(db);

  for (const [column, values] of [
    ['category', CATEGORIES],
    ['condition', CONDITIONS],
  ] as const) {
    const refuse = sql.raw(`
      when new.${column} not in (${listOf(values)})
      begin
        select raise(abort, 'Unknown ${column}: a listing''s ${column} must be one of ${values.join(', ')}');
      end`);
    await sql`create trigger ${sql.raw(`products_${column}_known_insert`)}
      before insert on products ${refuse}`.execute(db);
    await sql`create trigger ${sql.raw(`products_${column}_known_update`)}
      before update of ${sql.raw(column)} on products ${refuse}`.execute(db);
  }

  for (const name of ['search_docs_insert', 'search_docs_update', 'search_docs_delete']) {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  const second = (row: string) => `cast(strftime('%s', ${row}."postedAt") as integer)`;
  // One row at a time (row triggers, one writer): the next free number within the second.
  const addDocument = sql.raw(`
    insert into search_docs (docid, product, category, price, condition, storage, battery, seller)
      select coalesce((select max(docid) + 1 from search_docs
                       where docid between b and b + ${PER_SECOND - 1}), b),
             new.id, new.category, new."resellPriceCents", new.condition, new."storageGb",
             new."batteryHealth", new."sellerId"
      from (select ${second('new')} * ${PER_SECOND} as b) where ${LIVE('new')};
  `);
  const removeDocument = sql.raw(`delete from search_docs where product = old.id;`);
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

  // Renumbered in place (no document leaves, so the log names none): first out of the way of
  // the new ids, then each to its second and its place within it.
  // Keyed by the old id: each document finds its new one through the key, not a scan.
  await sql`create temp table renumbered (old integer primary key, new integer not null)`.execute(
    db,
  );
  await sql`
    insert into renumbered (old, new)
    select d.docid as old,
           ${sql.raw(second('p'))} * ${PER_SECOND}
             + row_number() over (partition by ${sql.raw(second('p'))} order by d.docid) - 1 as new
    from search_docs d join products p on p.id = d.product
  `.execute(db);
  await sql`update search_docs set docid = -docid`.execute(db);
  await sql`
    update search_docs set docid = (select new from renumbered where old = -search_docs.docid)
  `.execute(db);
  await sql`drop table renumbered`.execute(db);
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`drop trigger if exists products_search_words_insert on products`.execute(db);
  await sql`drop trigger if exists products_search_words_update on products`.execute(db);
  await sql`drop function if exists products_search_words()`.execute(db);
  await sql`drop table if exists "searchWords"`.execute(db);
  for (const name of ['listing_names_insert', 'listing_names_update', 'listing_names_delete']) {
    await sql`drop trigger if exists ${sql.raw(name)} on products`.execute(db);
  }
  await sql`drop function if exists listing_names_count()`.execute(db);
  await sql`drop table if exists "listingNames"`.execute(db);

  await sql`
    alter table products add constraint products_category_known
    check (category in (${sql.raw(listOf(CATEGORIES))}))
  `.execute(db);
  await sql`
    alter table products add constraint products_condition_known
    check (condition in (${sql.raw(listOf(CONDITIONS))}))
  `.execute(db);

  const second = (row: string) => `floor(extract(epoch from ${row}."postedAt"))::bigint`;
  await sql`
    create or replace function search_docs_write() returns trigger language plpgsql as $$
    declare
      base bigint;
      tries integer := 0;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from search_docs where product = old.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and ${sql.raw(LIVE('new'))} then
        base := ${sql.raw(second('new'))} * ${sql.raw(String(PER_SECOND))};
        loop
          -- A number taken within the second (by a listing of the same second numbered when the
          -- sequence had gone round) is passed over: the next value is tried.
          insert into search_docs (docid, product, category, price, condition, storage, battery, seller)
          values (base + nextval('search_docs_seq') % ${sql.raw(String(PER_SECOND))}, new.id,
                  new.category, new."resellPriceCents", new.condition, new."storageGb",
                  new."batteryHealth", new."sellerId")
          on conflict (docid) do nothing;
          exit when found;
          tries := tries + 1;
          if tries >= ${sql.raw(String(PER_SECOND))} then
            raise exception 'No document id is left for listings posted at %', new."postedAt";
          end if;
        end loop;
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`drop trigger if exists search_docs_update on products`.execute(db);
  await sql`
    create trigger search_docs_update after update of ${sql.raw(SOURCE_COLUMNS)} on products
    for each row execute function search_docs_write()
  `.execute(db);
  await sql`alter table search_docs drop column if exists words`.execute(db);
  await sql`drop index if exists search_docs_category_idx`.execute(db);
  await sql`drop index if exists search_docs_price_idx`.execute(db);
  await sql`drop index if exists products_search_idx`.execute(db);
  await sql`alter table products drop column if exists "searchVector"`.execute(db);

  await sql`update search_docs set docid = -docid`.execute(db);
  await sql`
    update search_docs d set docid = r.new
    from (
      select d.docid as old,
             ${sql.raw(second('p'))} * ${sql.raw(String(PER_SECOND))}
               + row_number() over (partition by ${sql.raw(second('p'))} order by d.docid desc) - 1 as new
      from search_docs d join products p on p.id = d.product
    ) r
    where d.docid = r.old
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error(
    'The databases’ text engines cannot be taken back: the earlier schema is restored from a backup',
  );
}
