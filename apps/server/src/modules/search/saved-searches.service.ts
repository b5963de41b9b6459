import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SAVED_SEARCHES_MAX,
  paths,
  searchFilterParams,
  searchFiltersSchema,
  type SavedSearch,
  type SearchFilters,
} from '@market/shared';
import { readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import { conflict, reason } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import type { LiveSearchIndex } from './search-index-feed.ts';
import { findNewestPostedAt, findNewMatches } from './search.service.ts';

type Db = Kysely<Database>;

/** The filters as saved: set values only, lists as lists. */
function storedFilters(filters: SearchFilters): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== false),
  );
}

/** The results page's address for a search's filters (lists comma-separated). */
export function searchUrl(filters: SearchFilters): string {
  return paths.searchResults(new URLSearchParams(searchFilterParams(filters, 'join')));
}

/**
 * The results page's address for filters as stored; filters the search no longer takes are
 * written as they were kept.
 */
function storedSearchUrl(stored: string): string {
  const filters = savedFilters(stored);
  if (filters) return searchUrl(filters);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(JSON.parse(stored) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return paths.searchResults(params);
}

interface SavedSearchRow {
  id: string;
  name: string;
  filters: string;
  createdAt: Date | string;
  seenUntil: Date | string;
}

function toSavedSearch(row: SavedSearchRow, newMatches: number): SavedSearch {
  return {
    _id: row.id,
    name: row.name,
    filters: JSON.parse(row.filters) as Record<string, unknown>,
    url: storedSearchUrl(row.filters),
    createdAt: readDate(row.createdAt).toISOString(),
    seenUntil: readDate(row.seenUntil).toISOString(),
    newMatches,
  };
}

/** A saved search's filters as stored, read back through the search's own schema. */
export function savedFilters(stored: string): SearchFilters | null {
  const values = JSON.parse(stored) as Record<string, unknown>;
  const asQuery = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
  );
  const parsed = searchFiltersSchema.safeParse(asQuery);
  return parsed.success ? parsed.data : null;
}

/** How many listings on show match the stored filters and were posted after `since`. */
async function countPostedAfter(
  db: Db,
  live: LiveSearchIndex,
  stored: string,
  since: Date | string,
): Promise<number> {
  const filters = savedFilters(stored);
  if (!filters) return 0;
  return (await findNewMatches(db, live, filters, readDate(since), 0)).total;
}

export async function createSavedSearch(
  db: Db,
  live: LiveSearchIndex,
  actor: Actor,
  input: { name: string; filters: SearchFilters },
): Promise<SavedSearch> {
  const filters = storedFilters(input.filters);
  const now = new Date();
  // Listings posted after the newest match at saving are the ones a later alert calls new.
  const newest = await findNewestPostedAt(live, input.filters);
  const w = valueWriters(db);
  const row = {
    id: crypto.randomUUID(),
    userId: actor.id,
    name: input.name,
    filters: JSON.stringify(filters),
    createdAt: w.date(now),
    seenUntil: w.date(newest ?? now),
    viewedUntil: w.date(newest ?? now),
    alertedUntil: w.date(newest ?? now),
  };
  await db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom('savedSearches')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('userId', '=', actor.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= SAVED_SEARCHES_MAX) {
      throw conflict(reason('offers.search.savedMax', { max: SAVED_SEARCHES_MAX }));
    }
    await trx.insertInto('savedSearches').values(row).execute();
  });
  return toSavedSearch(row, 0);
}

/**
 * The buyer's saved searches, each with how many new matches it has had since they last opened
 * it (one count per search, at most SAVED_SEARCHES_MAX).
 */
export async function listSavedSearches(
  db: Db,
  live: LiveSearchIndex,
  actor: Actor,
): Promise<Page<SavedSearch>> {
  const rows = await db
    .selectFrom('savedSearches')
    .select(['id', 'name', 'filters', 'createdAt', 'seenUntil', 'viewedUntil'])
    .where('userId', '=', actor.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const items: SavedSearch[] = [];
  for (const row of rows) {
    const since = row.viewedUntil ?? row.seenUntil;
    items.push(toSavedSearch(row, await countPostedAfter(db, live, row.filters, since)));
  }
  return { items, total: rows.length };
}

/**
 * The buyer opens one of their saved searches: what it matches now is no longer new to them.
 * Someone else's answers like a missing one.
 */
export async function viewSavedSearch(
  db: Db,
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<SavedSearch> {
  await requireAccess(db, actor, 'savedSearch.manage', id);
  const result = await db
    .updateTable('savedSearches')
    .set({ viewedUntil: valueWriters(db).date(now) })
    .where('id', '=', id)
    .where('userId', '=', actor.id)
    .executeTakeFirst();
  // Deleted since the check: as missing.
  if (Number(result.numUpdatedRows) === 0) throw refusalOf('savedSearch.manage');
  const row = await db
    .selectFrom('savedSearches')
    .select(['id', 'name', 'filters', 'createdAt', 'seenUntil'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return toSavedSearch(row, 0);
}

export async function deleteSavedSearch(db: Db, actor: Actor, id: string): Promise<number> {
  await requireAccess(db, actor, 'savedSearch.manage', id);
  const result = await db
    .deleteFrom('savedSearches')
    .where('id', '=', id)
    .where('userId', '=', actor.id)
    .executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  // Deleted since the check: as missing.
  if (deleted === 0) throw refusalOf('savedSearch.manage');
  return deleted;
}
