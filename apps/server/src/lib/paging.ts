import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';
import type { FastifyReply } from 'fastify';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  TOTAL_COUNT_RELATION_HEADER,
  type PaginationQuery,
} from '@market/shared';

/** The spec's `?email=` lists: a page of the named user's own list (theirs only). */
export type OwnListQuery = PaginationQuery & { email: string };

/** One page of a list, and how many items the whole list has. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Newest first by `at`, ties broken by `id`: every row has one place in the order, so pages
 * neither overlap nor skip a row.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  at: StringReference<DB, TB>,
  id: StringReference<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  return query.orderBy(at, 'desc').orderBy(id, 'desc');
}

/** The rows of one page of an ordered query. */
export function pageRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PaginationQuery,
): Promise<O[]> {
  return query
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
}

/** How many rows a query (without its selection) finds. */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query
    .select(sql<number | string | bigint>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint, which pg hands over as a string.
  return Number((row as { n: number | string | bigint }).n);
}

/**
 * One page of a list and the size of the whole list, asked at once. `rows` selects and orders;
 * `all` is the same list before selection (often a cheaper table), for the count.
 */
export async function listPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  rows: SelectQueryBuilder<DB, TB, O>,
  all: SelectQueryBuilder<CDB, CTB, object>,
  page: PaginationQuery,
): Promise<Page<O>> {
  const [items, total] = await Promise.all([pageRows(rows, page), countRows(all)]);
  return { items, total };
}

/** Turns each item of a page into what the API answers. */
export function mapPage<R, T>(page: Page<R>, view: (row: R) => T): Page<T> {
  return { items: page.items.map(view), total: page.total };
}

/** A list answer: the page's items, with the whole list's size in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  void reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}

/** A page of a list paged by cursor: its items, the list's size, and the next page's cursor. */
export interface CursorPage<T> extends Page<T> {
  nextCursor: string | null;
  /** Set by lists that may stop counting: false when `total` is a lower bound. */
  totalExact?: boolean;
}

/**
 * A cursor-paged list answer: the items, the size in X-Total-Count (with its relation when the
 * list may stop counting), and the next page as X-Next-Cursor and a Link header (rel="next") to
 * the request's own address with the cursor set.
 */
export function sendCursorPage<T>(
  reply: FastifyReply,
  requestUrl: string,
  page: CursorPage<T>,
): T[] {
  void reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.totalExact !== undefined) {
    void reply.header(TOTAL_COUNT_RELATION_HEADER, page.totalExact ? 'eq' : 'gte');
  }
  if (page.nextCursor) {
    const url = new URL(requestUrl, 'http://localhost');
    url.searchParams.set('cursor', page.nextCursor);
    void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    void reply.header('Link', `<${url.pathname}?${url.searchParams.toString()}>; rel="next"`);
  }
  return page.items;
}
