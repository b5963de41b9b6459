import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingSchema,
  createBookingSchema,
  emailPageQuerySchema,
  errorResponseSchema,
  paginationQuerySchema,
  sellerBuyerSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { listRoute } from '../../lib/route-shapes.ts';
import { createBooking, getBuyerBookings, getSellerBuyers } from './bookings.service.ts';

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/booking', {
    guard: onlyRoles('buyer'),
    tag: 'bookings',
    summary: "The signed-in buyer's orders, newest first",
    querystring: emailPageQuerySchema,
    item: bookingSchema,
    list: ({ actor, query }) => getBuyerBookings(app.db, actor, query),
  });

  app.post(
    '/booking',
    {
      preValidation: onlyRoles('buyer'),
      // Orders show only to their buyer and seller, never in a cached answer.
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: 'Book a product for an in-person meeting',
        description:
          'Name and email come from the session; product name, price and image from the product. Other fields in the body are ignored.',
        body: createBookingSchema,
        response: { 200: bookingSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => createBooking(app.db, request.actor, request.body),
  );

  listRoute(app, '/my-buyers', {
    guard: onlyRoles('seller'),
    tag: 'bookings',
    summary: "Orders for the signed-in seller's products, newest first",
    querystring: paginationQuerySchema,
    item: sellerBuyerSchema,
    list: ({ actor, query }) => getSellerBuyers(app.db, actor, query),
  });
};
