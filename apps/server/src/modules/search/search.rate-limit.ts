import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { addressKey, consumeInTurn, tooManyRequests } from '../../plugins/rate-limit.ts';
import { searchTokens } from './search-text.ts';

const SEARCH_WINDOW_SECONDS = 60;
/** New searches a user may make a minute, unless SEARCHES_PER_MINUTE says otherwise. */
export const SEARCHES_PER_USER = 60;
/**
 * All users behind one address (an office, a carrier's gateway) may make this many times a
 * user's searches a minute.
 */
export const USERS_PER_ADDRESS = 5;

/** Parts of a search's query that do not make it another search. */
const NOT_THE_SEARCH = new Set(['q', 'sort', 'cursor', 'limit']);

/**
 * A search as counted: its words (in any order, as they match) and its filters. Its sort, its
 * pages and its facets are the same search: the results page asks for its facets beside it.
 */
export function searchKey(query: Readonly<Record<string, unknown>>): string {
  const words = [...new Set(searchTokens(typeof query.q === 'string' ? query.q : ''))].sort();
  const filters = Object.entries(query)
    .filter(([name, value]) => !NOT_THE_SEARCH.has(name) && value !== undefined)
    .map(([name, value]): [string, unknown] => [
      name,
      Array.isArray(value)
        ? [...new Set(value.map(String))].sort()
        : typeof value === 'string'
          ? value.toLowerCase()
          : value,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([words, filters]))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The hook that limits searches, per user and per address, counting each search once a minute
 * whatever its pages, sorts and facets. Runs after the sign-in check and the query's validation.
 */
export function createSearchRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  const max = app.config.searchesPerMinute;
  // SEARCHES_PER_MINUTE=0: no limit (a load test on one address).
  if (max === 0) return async () => {};
  const perUser = app.rateLimiter({
    name: 'searches-user',
    max,
    windowSeconds: SEARCH_WINDOW_SECONDS,
  });
  const perAddress = app.rateLimiter({
    name: 'searches-address',
    max: max * USERS_PER_ADDRESS,
    windowSeconds: SEARCH_WINDOW_SECONDS,
  });
  // Each search a caller made this minute: the first request of one counts, the rest are free.
  const made = app.rateLimiter({
    name: 'searches-made',
    max: 1,
    windowSeconds: SEARCH_WINDOW_SECONDS,
  });
  return async (request: FastifyRequest) => {
    const user = request.actor.id;
    const search = `${user}:${searchKey(request.query as Record<string, unknown>)}`;
    if ((await made.consume(search)) !== null) return;
    const wait = await consumeInTurn([
      [perUser, user],
      [perAddress, addressKey(request.ip)],
    ]);
    if (wait === null) return;
    // Not made after all: asking again once the wait is over counts then.
    await made.forget(search);
    throw tooManyRequests('searches', wait);
  };
}
