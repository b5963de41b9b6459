import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { CATEGORIES, CONDITIONS, STORAGE_OPTIONS_GB, type SearchFilters } from '@market/shared';
import { isPostgres, readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { dollarsToCents } from '../../lib/money.ts';
import { selectProductViews } from '../catalog/product-view.ts';
import {
  editDistance,
  nameMatches,
  toFts5Query,
  toTsQuery,
  typoCandidates,
  withCorrections,
  wordsOneEditAway,
  type SearchTerm,
} from './search-text.ts';

type Db = Kysely<Database>;

/** The orders results can come in, each a key and a direction; ties go by id the same way. */
export type SearchOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc';

/** Where a page starts: strictly after the row with this key and id in the order. */
export interface SearchAfter {
  key: number | string;
  id: string;
}

/** A filter that facets count without, so that one can see what widening it would give. */
type Omitted = 'category' | 'condition' | 'storage' | 'minBattery' | 'verified' | 'price' | null;

/** bm25 weights of the FTS5 columns: name, brand, details, description. */
const BM25 = sql.raw('bm25(products_search, 10.0, 4.0, 4.0, 1.0)');

/**
 * The query's terms with corrections for long words that begin no indexed word: the indexed
 * words one letter away (FTS5's vocabulary on SQLite, pg_trgm over the words table on
 * PostgreSQL, both checked by the same edit distance).
 */
export async function resolveTerms(db: Db, terms: SearchTerm[]): Promise<SearchTerm[]> {
  const corrections = new Map<string, string[]>();
  for (const word of typoCandidates(terms)) {
    if (await beginsSomeWord(db, word)) continue;
    const near = (await wordsNear(db, word)).filter((w) => editDistance(w, word) === 1);
    if (near.length > 0) corrections.set(word, near.slice(0, 5));
  }
  return corrections.size > 0 ? withCorrections(terms, corrections) : terms;
}

async function beginsSomeWord(db: Db, word: string): Promise<boolean> {
  // The word holds letters only: no LIKE wildcards. On PostgreSQL the trigram index answers
  // the prefix; a prefix query on the products could be planned as a scan of the table.
  const found = isPostgres(db)
    ? await sql`select 1 from "searchWords" where word like ${`${word}%`} limit 1`.execute(db)
    : await sql`select 1 from products_search where products_search match ${`"${word}"*`} limit 1`.execute(
        db,
      );
  return found.rows.length > 0;
}

async function wordsNear(db: Db, word: string): Promise<string[]> {
  const variants = wordsOneEditAway(word);
  if (isPostgres(db)) {
    // Trigram similarity finds most neighbours through its index; a swap or a change near the
    // start of a short word shares too few trigrams, so the exact neighbours are looked up too.
    const { rows } = await sql<{ word: string }>`
      select word from (
        select word from "searchWords" where word % ${word}
        union
        select word from "searchWords" where word = any(${variants}::text[])
      ) near
      order by similarity(word, ${word}) desc limit 20
    `.execute(db);
    return rows.map((r) => r.word);
  }
  const { rows } = await sql<{ term: string }>`
    select term from products_search_vocab where term in (${sql.join(variants)}) order by doc desc
  `.execute(db);
  return rows.map((r) => r.term);
}

/** The listings that match the words and the filters, with the seller joined as `u`. */
function matching(db: Db, filters: SearchFilters, terms: SearchTerm[], omit: Omitted) {
  // Held or hidden listings, and those of suspended sellers, are in no search.
  let query = selectProductViews(db).where(
    sql<SqlBool>`p.status <> 'sold' and p.moderation is null`,
  );
  if (terms.length > 0) {
    query = isPostgres(db)
      ? query.where(sql<SqlBool>`p."searchVector" @@ to_tsquery('simple', ${toTsQuery(terms)})`)
      : // The matches with their relevance, computed once each by the FTS5 query.
        query.innerJoin(
          sql<{
            matchRowid: number;
            score: number;
          }>`(select rowid as "matchRowid", -${BM25} as score from products_search where products_search match ${toFts5Query(terms)})`.as(
            'm',
          ),
          (join) => join.on(sql<SqlBool>`m."matchRowid" = p.rowid`),
        );
  }
  if (filters.category && omit !== 'category')
    query = query.where('p.category', '=', filters.category);
  if (omit !== 'price') {
    if (filters.minPrice !== undefined) {
      query = query.where('p.resellPriceCents', '>=', dollarsToCents(filters.minPrice));
    }
    if (filters.maxPrice !== undefined) {
      query = query.where('p.resellPriceCents', '<=', dollarsToCents(filters.maxPrice));
    }
  }
  if (filters.condition && omit !== 'condition') {
    query = query.where('p.condition', 'in', filters.condition);
  }
  if (filters.storage && omit !== 'storage')
    query = query.where('p.storageGb', 'in', filters.storage);
  if (filters.minBattery !== undefined && omit !== 'minBattery') {
    query = query.where('p.batteryHealth', '>=', filters.minBattery);
  }
  if (filters.verified && omit !== 'verified') {
    query = query.where('u.isVerifiedUser', '=', valueWriters(db).bool(true));
  }
  if (filters.location) {
    const pattern = `%${filters.location.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<SqlBool>`lower(p.location) like ${pattern} escape '\\'`);
  }
  return query;
}

/** The relevance of a row: higher is better on both databases. */
function scoreOf(db: Db, terms: SearchTerm[]): RawBuilder<number> {
  if (isPostgres(db)) {
    return sql<number>`ts_rank(p."searchVector", to_tsquery('simple', ${toTsQuery(terms)}))`;
  }
  return sql<number>`m.score`;
}

interface OrderSpec {
  key: Expression<unknown>;
  direction: 'asc' | 'desc';
  /** The cursor's form of a row's key. */
  read(row: { postedAt: Date | string; resellPriceCents: number; score?: number }): number | string;
  /** The key from a cursor, as the database compares it. */
  write(key: number | string): unknown;
}

function orderSpec(db: Db, order: SearchOrder, terms: SearchTerm[]): OrderSpec {
  switch (order) {
    case 'relevance':
      return {
        key: scoreOf(db, terms),
        direction: 'desc',
        read: (row) => Number(row.score),
        write: (key) => (isPostgres(db) ? sql`${Number(key)}::real` : Number(key)),
      };
    case 'newest':
      return {
        key: sql.ref('p.postedAt'),
        direction: 'desc',
        read: (row) => readDate(row.postedAt).toISOString(),
        write: (key) => valueWriters(db).date(new Date(String(key))),
      };
    case 'price_asc':
    case 'price_desc':
      return {
        key: sql.ref('p.resellPriceCents'),
        direction: order === 'price_asc' ? 'asc' : 'desc',
        read: (row) => row.resellPriceCents,
        write: (key) => Number(key),
      };
  }
}

export interface SearchRowsInput {
  filters: SearchFilters;
  terms: SearchTerm[];
  order: SearchOrder;
  after: SearchAfter | null;
  limit: number;
}

/** One page of results (`limit` rows, and one more when a next page exists) and its keys. */
export async function findSearchRows(db: Db, input: SearchRowsInput) {
  const spec = orderSpec(db, input.order, input.terms);
  let query = matching(db, input.filters, input.terms, null).select(
    sql<number>`${spec.key}`.as('score'),
  );
  if (input.after) {
    const key = spec.write(input.after.key);
    const cmp = sql.raw(spec.direction === 'desc' ? '<' : '>');
    query = query.where(
      sql<SqlBool>`(${spec.key} ${cmp} ${key} or (${spec.key} = ${key} and p.id ${cmp} ${input.after.id}))`,
    );
  }
  const rows = await query
    .orderBy(sql`${spec.key}`, spec.direction)
    .orderBy('p.id', spec.direction)
    .limit(input.limit + 1)
    .execute();
  return rows.map((row) => ({ row, key: spec.read(row) }));
}

export async function countSearchRows(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
): Promise<number> {
  const row = await matching(db, filters, terms, null)
    .clearSelect()
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const BATTERY_THRESHOLDS = [80, 85, 90, 95] as const;

type FacetPass = Record<string, number | string | null>;

/**
 * Every count the facets show, in one pass over the matches: each choice of a filter is one of a
 * few known values, so each count is a conditional sum.
 */
function facetPass(db: Db, filters: SearchFilters, terms: SearchTerm[], omit: Omitted) {
  const when = (condition: RawBuilder<unknown>, alias: string) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.as(alias);
  const verifiedIsTrue = valueWriters(db).bool(true);
  return matching(db, filters, terms, omit)
    .clearSelect()
    .select([
      sql<number>`count(*)`.as('total'),
      ...CATEGORIES.map((c, i) => when(sql`p.category = ${c}`, `c${i}`)),
      ...CONDITIONS.map((c, i) => when(sql`p.condition = ${c}`, `k${i}`)),
      ...STORAGE_OPTIONS_GB.map((gb, i) => when(sql`p."storageGb" = ${gb}`, `s${i}`)),
      ...BATTERY_THRESHOLDS.map((t, i) => when(sql`p."batteryHealth" >= ${t}`, `b${i}`)),
      when(sql`u."isVerifiedUser" = ${verifiedIsTrue}`, 'verified'),
      sql<number | null>`min(p."resellPriceCents")`.as('minPrice'),
      sql<number | null>`max(p."resellPriceCents")`.as('maxPrice'),
    ])
    .executeTakeFirstOrThrow() as Promise<FacetPass>;
}

/**
 * The counts behind the filters, each filter's choices counted without that filter: one pass
 * with every filter, and one more for each filter that is set.
 */
export async function findFacetCounts(db: Db, filters: SearchFilters, terms: SearchTerm[]) {
  const isSet: Record<Exclude<Omitted, null>, boolean> = {
    category: filters.category !== undefined,
    condition: filters.condition !== undefined,
    storage: filters.storage !== undefined,
    minBattery: filters.minBattery !== undefined,
    verified: filters.verified === true,
    price: filters.minPrice !== undefined || filters.maxPrice !== undefined,
  };
  const omitted = (Object.keys(isSet) as Exclude<Omitted, null>[]).filter((f) => isSet[f]);
  const passes = await Promise.all([
    facetPass(db, filters, terms, null),
    ...omitted.map((f) => facetPass(db, filters, terms, f)),
  ]);
  const all = passes[0]!;
  const without = (f: Exclude<Omitted, null>) => (isSet[f] ? passes[1 + omitted.indexOf(f)]! : all);
  const n = (pass: FacetPass, key: string) => Number(pass[key] ?? 0);
  const present = <T>(values: readonly T[], pass: FacetPass, prefix: string) =>
    values
      .map((value, i) => ({ value, count: n(pass, `${prefix}${i}`) }))
      .filter((c) => c.count > 0);
  const prices = without('price');
  return {
    total: n(all, 'total'),
    category: present(CATEGORIES, without('category'), 'c'),
    condition: present(CONDITIONS, without('condition'), 'k'),
    storage: present(STORAGE_OPTIONS_GB, without('storage'), 's'),
    battery: BATTERY_THRESHOLDS.map((value, i) => ({
      value,
      count: n(without('minBattery'), `b${i}`),
    })),
    verified: n(without('verified'), 'verified'),
    price: {
      min: prices.minPrice === null ? null : Number(prices.minPrice),
      max: prices.maxPrice === null ? null : Number(prices.maxPrice),
    },
  };
}

/** The posting time of the newest listing matching a search, if any. */
export async function findNewestPostedAt(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
): Promise<Date | null> {
  const row = await matching(db, filters, terms, null)
    .clearSelect()
    .select('p.postedAt')
    .orderBy('p.postedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? readDate(row.postedAt) : null;
}

/**
 * The listings matching a search posted after a time (what a saved search has not seen yet):
 * the newest `limit` of them, newest first, and how many there are.
 */
export async function findPostedAfter(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
  after: Date,
  limit: number,
) {
  const newer = matching(db, filters, terms, null).where(
    'p.postedAt',
    '>',
    valueWriters(db).date(after),
  );
  const [rows, count] = await Promise.all([
    newer.orderBy('p.postedAt', 'desc').orderBy('p.id', 'desc').limit(limit).execute(),
    newer
      .clearSelect()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many of the most listed matching names are read before the closer check. */
const SUGGESTION_CANDIDATES = 200;

/**
 * Names of listings on show whose words begin with what was typed, most listed and then shortest
 * first. They come from the small table of distinct names (listingNames), whatever the size of
 * the catalogue: a substring test there finds candidates, and each candidate's own words then
 * decide, as the search itself would.
 */
export async function findSuggestions(db: Db, terms: SearchTerm[], limit: number) {
  const position = sql.raw(isPostgres(db) ? 'strpos' : 'instr');
  const contains = (word: string) => sql<SqlBool>`${position}(key, ${word}) > 0`;
  const all = (conditions: RawBuilder<SqlBool>[], joiner: string) =>
    sql<SqlBool>`(${sql.join(conditions, sql.raw(joiner))})`;
  const termMatches = (term: SearchTerm) =>
    all(
      term.map((alternative) =>
        all(
          alternative.map((w) => contains(w.word)),
          ' and ',
        ),
      ),
      ' or ',
    );
  const { rows } = await sql<{ name: string }>`
    select name from "listingNames"
    where live > 0 and ${all(terms.map(termMatches), ' and ')}
    order by live desc, length(name), name limit ${SUGGESTION_CANDIDATES}
  `.execute(db);
  return rows
    .filter((row) => nameMatches(row.name, terms))
    .slice(0, limit)
    .map((row) => row.name);
}
