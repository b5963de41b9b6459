import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { modelSuggestionsSchema, modelsQuerySchema } from '@market/shared';
import { startPriceStatsRefresh } from './price-stats.refresh.ts';
import { suggestModels } from './phone-facts.service.ts';

/*
 * Model suggestions are public (they name models, nothing of anyone's) and cheap: a filter over
 * a list in memory and one read of the small per-model table. Distinct per typed text, they are
 * not kept in the response cache.
 */
export const phoneFactsRoutes: FastifyPluginAsyncZod = async (app) => {
  startPriceStatsRefresh(app);

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
};
