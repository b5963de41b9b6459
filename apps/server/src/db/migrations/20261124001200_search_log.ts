import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * `search_log` names what changed for the search index and the result cards each server keeps
 * in memory (decision 0025), one entry per change, written by triggers in the same transaction:
 * - `docid`: a document added to or removed from `search_docs`;
 * - `docid` with `card`: a listing on show changed in a way its document does not carry (its
 *   photo, its area, a detail a card shows);
 * - `seller`: a seller verified or no longer, renamed, or with new review figures.
 * Before answering a search, a server reads the entries it has not seen and the current state
 * of what they name.
 *
 * On PostgreSQL, entries can become visible out of `seq` order (a transaction that began first
 * may commit last), so each entry carries its transaction id (`tx`): a server reads again every
 * entry of a transaction that was still running when it last read (see search-index-feed.ts).
 * `at` lets old entries be deleted.
 */
const SELLER_CARD_COLUMNS = ['name', 'email', '"isVerifiedUser"'];
const changed = (columns: string[]) =>
  columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await upPostgres(db);
    return;
  }
  await sql`
    create table search_log (
      seq integer primary key,
      docid integer,
      card integer not null default 0,
      seller text,
      at integer not null
    )
  `.execute(db);
  await sql`create index search_log_at_idx on search_log (at)`.execute(db);
  const now = sql.raw(`cast((julianday('now') - 2440587.5) * 86400000 as integer)`);
  await sql`
    create trigger search_log_insert after insert on search_docs
    begin insert into search_log (docid, at) values (new.docid, ${now}); end
  `.execute(db);
  await sql`
    create trigger search_log_delete after delete on search_docs
    begin insert into search_log (docid, at) values (old.docid, ${now}); end
  `.execute(db);
  await sql`
    create trigger search_log_card after update on products
    begin
      insert into search_log (docid, card, at)
        select docid, 1, ${now} from search_docs where product = new.id;
    end
  `.execute(db);
  const sellerEntry = sql`insert into search_log (seller, at) values (new.id, ${now});`;
  await sql`
    create trigger search_log_seller after update of ${sql.raw(SELLER_CARD_COLUMNS.join(', '))} on users
    when ${sql.raw(changed(SELLER_CARD_COLUMNS).replaceAll('is distinct from', 'is not'))}
    begin ${sellerEntry} end
  `.execute(db);
  await sql`
    create trigger search_log_new_seller after insert on users when new."isVerifiedUser" = 1
    begin ${sellerEntry} end
  `.execute(db);
  const statsEntry = sql`insert into search_log (seller, at) values (new."sellerId", ${now});`;
  await sql`
    create trigger search_log_stats_insert after insert on seller_stats begin ${statsEntry} end
  `.execute(db);
  await sql`
    create trigger search_log_stats_update after update on seller_stats begin ${statsEntry} end
  `.execute(db);
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`
    create table search_log (
      seq bigserial primary key,
      docid bigint,
      card boolean not null default false,
      seller text,
      tx xid8 not null default pg_current_xact_id(),
      at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index search_log_tx_idx on search_log (tx)`.execute(db);
  await sql`create index search_log_at_idx on search_log (at)`.execute(db);
  await sql`
    create function search_log_document() returns trigger language plpgsql as $$
    begin
      insert into search_log (docid)
        values (case when tg_op = 'DELETE' then old.docid else new.docid end);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_log_document after insert or delete on search_docs
    for each row execute function search_log_document()
  `.execute(db);
  await sql`
    create function search_log_card() returns trigger language plpgsql as $$
    begin
      insert into search_log (docid, card)
        select docid, true from search_docs where product = new.id;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_log_card after update on products
    for each row execute function search_log_card()
  `.execute(db);
  await sql`
    create function search_log_seller() returns trigger language plpgsql as $$
    begin
      -- The trigger names the column that holds the seller's id.
      insert into search_log (seller) values (to_jsonb(new) ->> tg_argv[0]);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_log_seller after update of ${sql.raw(SELLER_CARD_COLUMNS.join(', '))} on users
    for each row when (${sql.raw(changed(SELLER_CARD_COLUMNS))})
    execute function search_log_seller('id')
  `.execute(db);
  await sql`
    create trigger search_log_new_seller after insert on users
    for each row when (new."isVerifiedUser") execute function search_log_seller('id')
  `.execute(db);
  await sql`
    create trigger search_log_stats after insert or update on seller_stats
    for each row execute function search_log_seller('sellerId')
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists search_log_stats on seller_stats`.execute(db);
    await sql`drop trigger if exists search_log_new_seller on users`.execute(db);
    await sql`drop trigger if exists search_log_seller on users`.execute(db);
    await sql`drop trigger if exists search_log_card on products`.execute(db);
    await sql`drop trigger if exists search_log_document on search_docs`.execute(db);
    await sql`drop function if exists search_log_seller()`.execute(db);
    await sql`drop function if exists search_log_card()`.execute(db);
    await sql`drop function if exists search_log_document()`.execute(db);
  } else {
    for (const name of [
      'search_log_stats_update',
      'search_log_stats_insert',
      'search_log_new_seller',
      'search_log_seller',
      'search_log_card',
      'search_log_delete',
      'search_log_insert',
    ]) {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  }
  await sql`drop table if exists search_log`.execute(db);
}
