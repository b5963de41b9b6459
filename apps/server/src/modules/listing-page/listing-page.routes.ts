import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  listingPageSchema,
  lookupIdParamsSchema,
  similarListingsSchema,
} from '@market/shared';
import { addressKey, pageAddress } from '../../lib/page-address.ts';
import { cacheKey } from '../../lib/response-cache.ts';
import {
  getListingPage,
  getSimilarListings,
  isUnavailableListing,
} from './listing-page.service.ts';

export const listingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: "A listing's page: the card's fields, details, photos, price history, seller",
        description:
          'Public. A sold listing answers with status "sold"; a deleted one answers 404. Each ' +
          'photo carries a srcset of its stored widths. A held or hidden listing answers 404 ' +
          '"This listing is unavailable", but to its seller and admins, who get it with ' +
          '`moderation`. An id longer than 64 characters, or blank, answers 404.',
        params: lookupIdParamsSchema,
        response: { 200: listingPageSchema, 404: errorResponseSchema },
      },
    },
    // Shared by every visitor; any write that changes a listing clears it (changes: ['catalog']).
    async (request, reply) => {
      const { id } = request.params;
      const address = pageAddress(app.config, request);
      try {
        return await app.catalogCache.send(
          reply,
          cacheKey('product', request.params, addressKey(app.config, request)),
          async () => ({
            body: await getListingPage(app.db, id, address),
          }),
        );
      } catch (err) {
        // Off show: only its seller and admins see it, uncached, with the reason.
        if (!isUnavailableListing(err)) throw err;
        const viewer = await request.getActor();
        if (!viewer) throw err;
        return getListingPage(app.db, id, address, viewer);
      }
    },
  );

  app.get(
    '/product/:id/similar',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Phones like a listing, for its page once it is no longer available',
        description:
          'Public. Up to 8 listings on show: the same model first, then the same brand ' +
          '(category), newest first, without the listing itself, with the model and brand. For ' +
          'an id the site does not know (a deleted listing) the newest phones on show, with ' +
          'model and brand null. An id longer than 64 characters answers the same.',
        params: lookupIdParamsSchema,
        response: { 200: similarListingsSchema },
      },
    },
    // Shared by every visitor; any write that changes a listing clears it (changes: ['catalog']).
    async (request, reply) =>
      app.catalogCache.send(reply, cacheKey('similar', request.params), async () => ({
        body: await getSimilarListings(app.db, request.params.id),
      })),
  );
};
