import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acknowledgedSchema,
  addWishlistSchema,
  deletedCountSchema,
  emailPageQuerySchema,
  errorResponseSchema,
  wishlistItemSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { listRoute, ownItemRoute } from '../../lib/route-shapes.ts';
import { addToWishlist, getWishlist, removeFromWishlist } from './wishlist.service.ts';

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/wish-list', {
    guard: onlyRoles('buyer'),
    tag: 'wishlist',
    summary: "The signed-in buyer's wish list, newest first",
    querystring: emailPageQuerySchema,
    item: wishlistItemSchema,
    list: ({ actor, query }) => getWishlist(app.db, actor, query),
  });

  app.post(
    '/wish-list',
    {
      preValidation: onlyRoles('buyer'),
      // A wish list shows only to its buyer, never in a cached answer.
      config: { changes: [] },
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to the wish list (once)',
        description: 'The entry is built from the product; other fields in the body are ignored.',
        body: addWishlistSchema,
        response: { 200: acknowledgedSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await addToWishlist(app.db, request.actor, request.body.productId);
      return { acknowledged: true };
    },
  );

  ownItemRoute(app, {
    method: 'DELETE',
    url: '/wish-list/:id',
    guard: onlyRoles('buyer'),
    changes: [],
    tag: 'wishlist',
    summary: 'Remove an entry from your wish list',
    answer: deletedCountSchema,
    run: async ({ actor, id }) => ({ deletedCount: await removeFromWishlist(app.db, actor, id) }),
  });
};
