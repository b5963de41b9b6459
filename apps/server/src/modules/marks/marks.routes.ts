import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marksQuerySchema, marksSchema } from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { getMarks } from './marks.service.ts';

export const marksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/marks',
    {
      // Only buyers keep a wish list and book; a page asks for this only for them.
      preValidation: onlyRoles('buyer'),
      schema: {
        tags: ['wishlist', 'bookings'],
        summary: 'Which of these products the signed-in buyer has on the wish list or booked',
        description:
          'One call for the personal part of a page of products: the page itself is the same for every buyer. Removing an entry takes its itemId (DELETE /api/wish-list/{itemId}).',
        querystring: marksQuerySchema,
        response: { 200: marksSchema },
      },
    },
    async (request) => getMarks(app.db, request.actor, request.query.productIds),
  );
};
