import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  CATEGORIES,
  CONDITIONS,
  SEARCH_COUNT_LIMIT,
  STORAGE_OPTIONS_GB,
  type SearchFilters,
} from '@market/shared';
import { isPostgres, readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { dollarsToCents } from '../../lib/money.ts';
import { selectProductViews } from '../products/product-view.ts';
import { readRankKey, type Rank } from './search-rank-key.ts';
import {
  BATTERY_THRESHOLDS,
  filtersSet,
  type FacetFilter,
  type FacetPass,
  type FacetPasses,
  type IndexPageEntry,
} from './search-index.ts';
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

/**
 * The orders results can come in. Newest and best match follow the index's document ids; the
 * price orders break ties by document id in the same direction.
 */
export type SearchOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc';

/**
 * Where a page starts: strictly after the row with this key in the order. The key is the docid
 * (newest), "rank:docid" (best match) or the price, with the docid as `id` (price orders).
 */
export interface SearchAfter {
  key: number | string;
  id: string;
}

/** A filter that facets count without, so that one can see what widening it would give. */
type Omitted = FacetFilter | null;

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
  const corrected = corrections.size > 0 ? withCorrections(terms, corrections) : terms;
  return isPostgres(db) ? expandPrefixes(db, corrected) : corrected;
}

/** A prefix that begins more indexed words than this stays a prefix match. */
const MAX_EXPANSIONS = 64;

/** On PostgreSQL, each prefix with the indexed words it begins (see SearchWord.expansions). */
async function expandPrefixes(db: Db, terms: SearchTerm[]): Promise<SearchTerm[]> {
  const prefixes = [...new Set(terms.flat(2).flatMap((w) => (w.prefix ? [w.word] : [])))];
  if (prefixes.length === 0) return terms;
  // The words hold only letters and digits: no LIKE wildcards.
  const { rows } = await sql<{ word: string }>`
    select word from "searchWords" where word like any(${prefixes.map((p) => `${p}%`)}::text[])
  `.execute(db);
  const begun = new Map<string, string[]>();
  for (const prefix of prefixes) {
    const words = rows.map((r) => r.word).filter((w) => w.startsWith(prefix));
    if (words.length > 0 && words.length <= MAX_EXPANSIONS) begun.set(prefix, words);
  }
  return terms.map((term) =>
    term.map((alternative) =>
      alternative.map((w) =>
        w.prefix && begun.has(w.word) ? { ...w, expansions: begun.get(w.word) } : w,
      ),
    ),
  );
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

/**
 * How many matches a count reads: past it, a total is "at least" this many, as a dedicated engine
 * answers (decision 0024). Facets count the first this-many matches of each pass the same way.
 */
export const COUNT_LIMIT = SEARCH_COUNT_LIMIT;

/**
 * PostgreSQL's text index yields matches in no order: a page in posting order first reads this
 * many of the newest documents in order and checks each, and asks the index only when they held
 * too few matches.
 */
const POSTGRES_WINDOW = 3000;

/** Which matches: all of them, or one rank of best match (see Rank). */
type Scope = Rank | 'all';

/** A query's rows: the documents (`d`) that match the words, with what the filters need. */
interface Source {
  from: RawBuilder<unknown>;
  where: RawBuilder<SqlBool>[];
  /** The document id as the index orders it. */
  docid: RawBuilder<number>;
}

function ftsScope(terms: SearchTerm[], scope: Scope): string {
  const anywhere = toFts5Query(terms);
  const inName = toFts5Query(terms, 'name');
  const inLabels = toFts5Query(terms, '{name brand details}');
  switch (scope) {
    case 'all':
      return anywhere;
    case 2:
      return inName;
    case 1:
      return `(${inLabels}) NOT (${inName})`;
    case 0:
      return `(${anywhere}) NOT (${inLabels})`;
  }
}

function tsScope(terms: SearchTerm[], scope: Scope): RawBuilder<SqlBool> {
  const has = (weights: string) =>
    sql<SqlBool>`d.words @@ to_tsquery('simple', ${toTsQuery(terms, weights)})`;
  switch (scope) {
    case 'all':
      return has('');
    case 2:
      return has('A');
    case 1:
      return sql<SqlBool>`(${has('AB')} and not ${has('A')})`;
    case 0:
      return sql<SqlBool>`(${has('')} and not ${has('AB')})`;
  }
}

/** The documents matching the words (in `scope`) and every filter but `omit`. */
function source(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
  scope: Scope,
  omit: Omitted,
  documents: RawBuilder<unknown> = sql`search_docs`,
): Source {
  const where: RawBuilder<SqlBool>[] = [];
  let from: RawBuilder<unknown> = sql`${documents} d`;
  let docid = sql<number>`d.docid`;
  if (terms.length > 0) {
    if (isPostgres(db)) {
      where.push(tsScope(terms, scope));
    } else {
      // The text index drives: it yields its matches by docid, newest last or first.
      from = sql`products_search s join search_docs d on d.docid = s.rowid`;
      where.push(sql<SqlBool>`products_search match ${ftsScope(terms, scope)}`);
      docid = sql<number>`s.rowid`;
    }
  }
  if (filters.category && omit !== 'category') where.push(sql`d.category = ${filters.category}`);
  if (omit !== 'price') {
    if (filters.minPrice !== undefined) {
      where.push(sql`d.price >= ${dollarsToCents(filters.minPrice)}`);
    }
    if (filters.maxPrice !== undefined) {
      where.push(sql`d.price <= ${dollarsToCents(filters.maxPrice)}`);
    }
  }
  if (filters.condition && omit !== 'condition') {
    where.push(sql`d.condition in (${sql.join(filters.condition)})`);
  }
  if (filters.storage && omit !== 'storage') {
    where.push(sql`d.storage in (${sql.join(filters.storage)})`);
  }
  if (filters.minBattery !== undefined && omit !== 'minBattery') {
    where.push(sql`d.battery >= ${filters.minBattery}`);
  }
  if (filters.verified && omit !== 'verified') {
    where.push(
      sql`exists (select 1 from users u where u.id = d.seller and u."isVerifiedUser" = ${valueWriters(db).bool(true)})`,
    );
  }
  if (filters.location) {
    const pattern = `%${filters.location.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`exists (select 1 from products lp where lp.id = d.product and lower(lp.location) like ${pattern} escape '\\')`,
    );
  }
  return { from, where, docid };
}

const whereAll = (conditions: RawBuilder<SqlBool>[]) =>
  conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

/** Document ids between two bounds (exclusive; null for none). */
interface Bounds {
  below: number | null;
  above: number | null;
}

function boundsOn(docid: RawBuilder<number>, bounds: Bounds): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  if (bounds.below !== null) out.push(sql<SqlBool>`${docid} < ${bounds.below}`);
  if (bounds.above !== null) out.push(sql<SqlBool>`${docid} > ${bounds.above}`);
  return out;
}

const within = (src: Source, bounds: Bounds) => [...src.where, ...boundsOn(src.docid, bounds)];

/**
 * `byIndex` false keeps PostgreSQL from walking the docid index to find rare matches: it then
 * takes the text index's matches and sorts them.
 */
async function runNewestFirst(
  db: Db,
  src: Source,
  bounds: Bounds,
  n: number,
  byIndex = true,
): Promise<number[]> {
  const order = byIndex ? src.docid : sql<number>`(${src.docid} + 0)`;
  const { rows } = await sql<{ docid: number }>`
    select ${src.docid} as docid from ${src.from} ${whereAll(within(src, bounds))}
    order by ${order} desc limit ${n}
  `.execute(db);
  return rows.map((r) => Number(r.docid));
}

/**
 * The `n` newest matching documents between the bounds: read from the top of the index and
 * stopped once found, on SQLite by the text index itself; on PostgreSQL through the newest
 * documents in order first (see POSTGRES_WINDOW).
 */
async function newestFirst(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
  scope: Scope,
  bounds: Bounds,
  n: number,
): Promise<number[]> {
  if (!isPostgres(db) || terms.length === 0) {
    return runNewestFirst(db, source(db, filters, terms, scope, null), bounds, n);
  }
  const inBounds = whereAll(boundsOn(sql<number>`docid`, bounds));
  const window = sql`(select * from search_docs ${inBounds}
    order by docid desc limit ${POSTGRES_WINDOW})`;
  const first = await runNewestFirst(
    db,
    source(db, filters, terms, scope, null, window),
    { below: null, above: null },
    n,
  );
  if (first.length === n) return first;
  const edge = await sql<{ docid: number }>`
    select docid from search_docs ${inBounds} order by docid desc offset ${POSTGRES_WINDOW - 1} limit 1
  `.execute(db);
  const last = edge.rows[0];
  // The window held every document within the bounds: nothing is left to find.
  if (!last) return first;
  const rest = await runNewestFirst(
    db,
    source(db, filters, terms, scope, null),
    { ...bounds, below: Number(last.docid) },
    n - first.length,
    false,
  );
  return [...first, ...rest];
}

export interface SearchRowsInput {
  filters: SearchFilters;
  terms: SearchTerm[];
  order: SearchOrder;
  /** Checked by the caller: a key of this order's shape (readRankKey for best match). */
  after: SearchAfter | null;
  limit: number;
}

/** The page's documents in order, each with its cursor key. */
export async function findPageEntries(db: Db, input: SearchRowsInput): Promise<IndexPageEntry[]> {
  const n = input.limit + 1;
  const { filters, terms, after } = input;
  switch (input.order) {
    case 'newest': {
      const below = after ? Number(after.key) : null;
      const ids = await newestFirst(db, filters, terms, 'all', { below, above: null }, n);
      return ids.map((docid) => ({ docid, key: docid }));
    }
    case 'relevance': {
      // Best match ranks by where the words are (name, then name, brand and details, then
      // anywhere), newest first within a rank: each rank is read from the top of the index.
      const start = after ? readRankKey(after.key) : null;
      const out: IndexPageEntry[] = [];
      for (let rank = start?.rank ?? 2; rank >= 0 && out.length < n; rank--) {
        const below = start && rank === start.rank ? start.docid : null;
        const ids = await newestFirst(
          db,
          filters,
          terms,
          rank as Rank,
          { below, above: null },
          n - out.length,
        );
        out.push(...ids.map((docid) => ({ docid, key: `${rank}:${docid}` })));
      }
      return out;
    }
    case 'price_asc':
    case 'price_desc': {
      // Price order is not the index's order: every match is read and sorted.
      const src = source(db, filters, terms, 'all', null);
      const direction = sql.raw(input.order === 'price_asc' ? 'asc' : 'desc');
      const cmp = sql.raw(input.order === 'price_asc' ? '>' : '<');
      const where = [...src.where];
      if (after) {
        const price = Number(after.key);
        const docid = Number(after.id);
        where.push(
          sql<SqlBool>`(d.price ${cmp} ${price} or (d.price = ${price} and ${src.docid} ${cmp} ${docid}))`,
        );
      }
      const { rows } = await sql<{ docid: number; price: number }>`
        select ${src.docid} as docid, d.price from ${src.from} ${whereAll(where)}
        order by d.price ${direction}, ${src.docid} ${direction} limit ${n}
      `.execute(db);
      return rows.map((r) => ({ docid: Number(r.docid), key: Number(r.price) }));
    }
  }
}

/** The cards' rows of these documents (those still on show), in their order. */
export async function findCardViews(db: Db, docids: number[]) {
  if (docids.length === 0) return [];
  const rows = await selectProductViews(db)
    .innerJoin('search_docs as d', 'd.product', 'p.id')
    .select('d.docid')
    .where('d.docid', 'in', docids)
    .execute();
  const byDocid = new Map(rows.map((row) => [Number(row.docid), row]));
  return docids.flatMap((docid) => {
    const row = byDocid.get(docid);
    return row ? [row] : [];
  });
}

export interface SearchCount {
  /** Exact up to COUNT_LIMIT; past it, COUNT_LIMIT. */
  count: number;
  exact: boolean;
}

/** How many documents match, read up to `limit` (null: all of them). */
async function countDocuments(
  db: Db,
  src: Source,
  bounds: Bounds,
  limit: number | null,
): Promise<SearchCount> {
  const capped = limit === null ? sql`` : sql`limit ${limit + 1}`;
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from (select 1 from ${src.from} ${whereAll(within(src, bounds))} ${capped}) c
  `.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return limit !== null && n > limit ? { count: limit, exact: false } : { count: n, exact: true };
}

export async function countSearchRows(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
): Promise<SearchCount> {
  return countDocuments(
    db,
    source(db, filters, terms, 'all', null),
    { below: null, above: null },
    COUNT_LIMIT,
  );
}

type PassRow = Record<string, number | string | null>;

/**
 * Every count the facets show, in one pass over the first COUNT_LIMIT matches: each choice of a
 * filter is one of a few known values, so each count is a conditional sum.
 */
async function facetPass(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
  omit: Omitted,
): Promise<FacetPass> {
  const src = source(db, filters, terms, 'all', omit);
  const when = (condition: RawBuilder<unknown>, alias: string) =>
    sql`coalesce(sum(case when ${condition} then 1 else 0 end), 0) as ${sql.ref(alias)}`;
  const verifiedIsTrue = valueWriters(db).bool(true);
  const { rows } = await sql<PassRow>`
    select
      count(*) as total,
      ${sql.join([
        ...CATEGORIES.map((c, i) => when(sql`f.category = ${c}`, `c${i}`)),
        ...CONDITIONS.map((c, i) => when(sql`f.condition = ${c}`, `k${i}`)),
        ...STORAGE_OPTIONS_GB.map((gb, i) => when(sql`f.storage = ${gb}`, `s${i}`)),
        ...BATTERY_THRESHOLDS.map((t, i) => when(sql`f.battery >= ${t}`, `b${i}`)),
        when(sql`u."isVerifiedUser" = ${verifiedIsTrue}`, 'verified'),
      ])},
      min(f.price) as "minPrice",
      max(f.price) as "maxPrice"
    from (
      select d.category, d.condition, d.storage, d.battery, d.price, d.seller
      from ${src.from} ${whereAll(src.where)} limit ${COUNT_LIMIT}
    ) f
    join users u on u.id = f.seller
  `.execute(db);
  const row = rows[0]!;
  const n = (key: string) => Number(row[key] ?? 0);
  const price = (key: string) => (row[key] === null ? null : Number(row[key]));
  return {
    total: n('total'),
    category: CATEGORIES.map((_, i) => n(`c${i}`)),
    condition: CONDITIONS.map((_, i) => n(`k${i}`)),
    storage: STORAGE_OPTIONS_GB.map((_, i) => n(`s${i}`)),
    battery: BATTERY_THRESHOLDS.map((_, i) => n(`b${i}`)),
    verified: n('verified'),
    minPrice: price('minPrice'),
    maxPrice: price('maxPrice'),
  };
}

/**
 * The counts behind the filters, each filter's choices counted without that filter: one pass
 * with every filter, and one more for each filter that is set. A pass reads at most COUNT_LIMIT
 * matches.
 */
export async function findFacetPasses(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
): Promise<FacetPasses> {
  const omitted = filtersSet(filters);
  const [all, ...others] = await Promise.all([
    facetPass(db, filters, terms, null),
    ...omitted.map((f) => facetPass(db, filters, terms, f)),
  ]);
  const without = new Map(omitted.map((f, i) => [f, others[i]!]));
  return { all: all!, without: (f) => without.get(f) ?? all! };
}

/** The first document id of listings posted after this time. */
const docidAfter = (time: Date) => (time.getTime() + 1) * 2048 - 1;

/** The posting time of the newest listing matching a search, if any. */
export async function findNewestPostedAt(
  db: Db,
  filters: SearchFilters,
  terms: SearchTerm[],
): Promise<Date | null> {
  const [docid] = await newestFirst(db, filters, terms, 'all', { below: null, above: null }, 1);
  const [row] = await findCardViews(db, docid === undefined ? [] : [docid]);
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
  const bounds = { below: null, above: docidAfter(after) };
  const [ids, count] = await Promise.all([
    newestFirst(db, filters, terms, 'all', bounds, limit),
    countDocuments(db, source(db, filters, terms, 'all', null), bounds, null),
  ]);
  return { rows: await findCardViews(db, ids), total: count.count };
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
