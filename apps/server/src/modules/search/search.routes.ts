import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  NEXT_CURSOR_HEADER,
  SEARCH_COUNT_LIMIT,
  TOTAL_COUNT_HEADER,
  TOTAL_COUNT_RELATION_HEADER,
  productSchema,
  searchFacetsSchema,
  searchQuerySchema,
  searchSuggestQuerySchema,
  searchSuggestionsSchema,
} from '@market/shared';
import { signedIn } from '../../lib/access.ts';
import { sendText } from '../../lib/compression.ts';
import { sendCursorPage } from '../../lib/paging.ts';
import { cacheKey, JSON_TYPE } from '../../lib/response-cache.ts';
import { SearchCursors } from './search-cursor.ts';
import { searchStarting, STARTING_RETRY_SECONDS } from './search-index-feed.ts';
import { createSearchRateLimit, USERS_PER_ADDRESS } from './search.rate-limit.ts';
import { searchTokens } from './search-text.ts';
import { searchFacets, searchProducts, suggestNames, withOrigin } from './search.service.ts';

/*
 * Search answers are personal to nobody but distinct per query: they are not kept in the
 * response cache, so no run of made-up queries or cursors can fill it. Suggestions are kept only
 * for words that begin a listing's name, which are few.
 */
const STARTING = `503 (SEARCH_STARTING, Retry-After ${STARTING_RETRY_SECONDS} seconds) while the server builds its search index after starting; every other route answers meanwhile.`;
const limitedText = (perUser: number) =>
  perUser === 0
    ? ''
    : `429 (Retry-After) past ${perUser} searches a minute per user or ${perUser * USERS_PER_ADDRESS} per address. A search is its words and filters: its pages, sorts and facets count once.`;

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** A JSON array of items each already in JSON, in one copy of their bytes. */
function jsonArray(items: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [OPEN];
  items.forEach((item, i) => parts.push(...(i === 0 ? [item] : [COMMA, item])));
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const cursors = new SearchCursors(app.config.authSecret);
  const limited = createSearchRateLimit(app);
  const LIMITED = limitedText(app.config.searchesPerMinute);
  // Until the index is built there is nothing to search: asked again in a few seconds. Checked
  // before the rate limit, so that asking while search starts costs no allowance.
  const indexReady = async () => {
    if (!app.searchIndex.ready) throw searchStarting();
  };

  app.get(
    '/search',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['search'],
        summary: 'Listings matching words and filters (signed-in users)',
        description: `Words match in any order across name, brand, storage and description, as prefixes, forgiving one-letter typos in words of five or more letters. Best match puts listings with every word in the name first, then those with every word in the name, brand and details, then the rest, newest first within each. The total is in ${TOTAL_COUNT_HEADER}: exact when ${TOTAL_COUNT_RELATION_HEADER} is "eq", and at least that many ("gte") once the search has counted ${SEARCH_COUNT_LIMIT} matches. The next page's address is in the Link header (rel="next") and its cursor in ${NEXT_CURSOR_HEADER}. ${LIMITED} ${STARTING}`,
        querystring: searchQuerySchema,
        response: {
          200: z.array(productSchema),
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      preHandler: [indexReady, limited],
    },
    async (request, reply) => {
      const query = withOrigin(app.places, request.query);
      const result = await searchProducts(app.db, cursors, query, app.searchIndex);
      const cards = sendCursorPage(reply, request.url, { ...result, items: result.cards });
      // Each card went through the product schema when it was made (search-cards.ts).
      return sendText(reply.type(JSON_TYPE), jsonArray(cards));
    },
  );

  app.get(
    '/search/facets',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['search'],
        summary: 'How many results each filter choice would leave (signed-in users)',
        description: `Takes the search's query; paging and sort are ignored. A filter's own choices are counted as if it were unset. Each count reads at most ${SEARCH_COUNT_LIMIT} matches; when one stopped there, exact is false and the counts are lower bounds. ${LIMITED} ${STARTING}`,
        querystring: searchQuerySchema,
        response: { 200: searchFacetsSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
      preHandler: [indexReady, limited],
    },
    async (request) => searchFacets(app.searchIndex, withOrigin(app.places, request.query)),
  );

  app.get(
    '/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Listing names beginning with the typed words, best first',
        description:
          "Public, like the listings' own pages that show these names: a visitor sees what is for sale before signing in. The results stay behind sign-in. Not limited: answers are kept in the catalogue cache. 503 (SEARCH_STARTING, Retry-After) while the server builds its search index after starting.",
        querystring: searchSuggestQuerySchema,
        response: { 200: searchSuggestionsSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) =>
      // Kept in the catalogue cache (cleared by every write to listings) under the typed words,
      // only when there are suggestions: words that begin no name are never kept.
      app.catalogCache.send(
        reply,
        cacheKey('suggest', { words: searchTokens(request.query.q).join(' ') }),
        async () => {
          const suggestions = await suggestNames(app.searchIndex, request.query.q);
          return { body: { suggestions }, keep: suggestions.length > 0 };
        },
      ),
  );
};
