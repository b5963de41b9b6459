import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  modelSuggestionsSchema,
  modelsQuerySchema,
  priceMedianQuerySchema,
  priceMedianSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { priceMedian, suggestModels } from './phone-facts.service.ts';

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
};
