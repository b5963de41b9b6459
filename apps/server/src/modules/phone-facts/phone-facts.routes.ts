import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  lookupIdParamsSchema,
  phoneHistorySchema,
  modelSuggestionsSchema,
  modelsQuerySchema,
  priceMedianQuerySchema,
  priceMedianSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { cacheKey } from '../../lib/response-cache.ts';
import {
  findHistoryKey,
  getPhoneHistory,
  priceMedian,
  suggestModels,
} from './phone-facts.service.ts';

/*
 * Model suggestions are public (they name models, nothing of anyone's) and cheap: a filter over
 * a list in memory and one read of the small per-model table. Distinct per typed text, they are
 * not kept in the response cache.
 */
export const phoneFactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      schema: {
        tags: ['listings'],
        summary: 'Phone models for the product form, matching what was typed',
        description:
          'Public. Models already listed on the marketplace (most listed first), then the ' +
          'known models of the category (or of all). Matches ignore spaces and case; models ' +
          'beginning with the text come first. At most 10.',
        querystring: modelsQuerySchema,
        response: { 200: modelSuggestionsSchema },
      },
    },
    async (request) => ({ models: await suggestModels(app.db, request.query) }),
  );

  /*
   * The median a seller's price is compared with while they fill the product form: what the
   * listing page shows of any listing, one read of the per-model table. Sellers only: the form
   * is theirs.
   */
  app.get(
    '/price-median',
    {
      preValidation: onlyRoles('seller'),
      schema: {
        tags: ['listings'],
        summary: 'The median resell price of a model and storage, for the product form',
        description:
          'Sellers. The median resell price of the listings of the same category, model and ' +
          'storage (on offer, or sold within 90 days), and how many there are; null while ' +
          'there are fewer than 3, as on the listing page. `locked=true` asks for phones ' +
          'locked to a carrier, which are compared only with each other; left out or false, ' +
          'the others (unlocked, or lock not stated).',
        querystring: priceMedianQuerySchema,
        response: { 200: priceMedianSchema },
      },
    },
    async (request) => ({ median: await priceMedian(app.db, request.query) }),
  );

  /*
   * The phone's history here, public and shared by every visitor: kept in the catalogue cache
   * under the IMEI's keyed hash (never the IMEI) and the listing's posting time, so the listings
   * of one phone share their answers; any write that changes a listing or completes a deal
   * clears it (changes: ['catalog']).
   */
  app.get(
    '/product/:id/history',
    {
      schema: {
        tags: ['catalog'],
        summary: "This phone's history here: its earlier listings and sales on the marketplace",
        description:
          'Public. The earlier listings of the same phone (found by the keyed hash of the ' +
          "listing's IMEI), oldest first: the month and year each was listed and sold, whether " +
          'it was sold here, its condition and battery health, the battery health read at the ' +
          'hand-over, whether it was checked at hand-over, and whether moderators held it. ' +
          'Nothing of any person (no names, ids, places or prices) and never an IMEI. A ' +
          'listing without an IMEI answers `imeiGiven: false` and no entries. A deleted, held ' +
          'or hidden listing answers 404.',
        params: lookupIdParamsSchema,
        response: { 200: phoneHistorySchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const key = await findHistoryKey(app.db, request.params.id);
      const posted = new Date(key.postedAt).toISOString();
      return app.catalogCache.send(
        reply,
        cacheKey('phone-history', { imei: key.imeiHash ?? `none:${key.productId}`, posted }),
        async () => ({ body: await getPhoneHistory(app.db, key) }),
      );
    },
  );
};
