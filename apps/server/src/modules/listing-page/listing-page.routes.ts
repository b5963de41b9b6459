import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamsSchema, listingPageSchema } from '@market/shared';
import { cacheKey } from '../../lib/response-cache.ts';
import { getListingPage } from './listing-page.service.ts';

export const listingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: "A listing's page: the card's fields, details, photos, price history, seller",
        description:
          'Public. A sold listing answers with status "sold"; a deleted one answers 404. Each ' +
          'photo carries a srcset of its stored widths.',
        params: idParamsSchema,
        response: { 200: listingPageSchema, 404: errorResponseSchema },
      },
    },
    // Shared by every visitor; any write that changes a listing clears it (changes: ['catalog']).
    async (request, reply) =>
      app.catalogCache.send(reply, cacheKey('product', request.params), async () => ({
        body: await getListingPage(app.db, request.params.id, app.config.publicUrl),
      })),
  );
};
