import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TOTAL_COUNT_HEADER,
  acknowledgedSchema,
  addWishlistSchema,
  deletedCountSchema,
  emailPageQuerySchema,
  errorResponseSchema,
  idParamsSchema,
  wishlistItemSchema,
} from '@market/shared';
import { assertOwnEmail, requireRole } from '../../lib/actor.ts';
import { addToWishlist, getWishlist, removeFromWishlist } from './wishlist.service.ts';

// Checked before the request is validated, so a stranger learns nothing from validation errors.
const buyersOnly = async (request: FastifyRequest) => {
  await requireRole(request, 'buyer');
};

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wish-list',
    {
      preValidation: buyersOnly,
      schema: {
        tags: ['wishlist'],
        summary: "The signed-in buyer's wish list, newest first",
        querystring: emailPageQuerySchema,
        response: { 200: z.array(wishlistItemSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const buyer = await requireRole(request, 'buyer');
      assertOwnEmail(buyer, request.query.email);
      const { items, total } = await getWishlist(app.db, buyer, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/wish-list',
    {
      preValidation: buyersOnly,
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to the wish list (once)',
        description: 'The entry is built from the product; other fields in the body are ignored.',
        body: addWishlistSchema,
        response: { 200: acknowledgedSchema, ...refusals },
      },
    },
    async (request) => {
      const buyer = await requireRole(request, 'buyer');
      await addToWishlist(app.db, buyer, request.body.productId);
      return { acknowledged: true };
    },
  );

  app.delete(
    '/wish-list/:id',
    {
      preValidation: buyersOnly,
      schema: {
        tags: ['wishlist'],
        summary: 'Remove an entry from your wish list',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...refusals },
      },
    },
    async (request) => {
      const buyer = await requireRole(request, 'buyer');
      return { deletedCount: await removeFromWishlist(app.db, buyer, request.params.id) };
    },
  );
};
