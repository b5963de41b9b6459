import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TOTAL_COUNT_HEADER,
  bookingSchema,
  createBookingSchema,
  emailPageQuerySchema,
  errorResponseSchema,
  paginationQuerySchema,
  sellerBuyerSchema,
} from '@market/shared';
import { assertOwnEmail, requireRole } from '../../lib/actor.ts';
import { createBooking, getBuyerBookings, getSellerBuyers } from './bookings.service.ts';

// Checked before the request is validated, so a stranger learns nothing from validation errors.
const buyersOnly = async (request: FastifyRequest) => {
  await requireRole(request, 'buyer');
};
const sellersOnly = async (request: FastifyRequest) => {
  await requireRole(request, 'seller');
};

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/booking',
    {
      preValidation: buyersOnly,
      schema: {
        tags: ['bookings'],
        summary: "The signed-in buyer's orders, newest first",
        querystring: emailPageQuerySchema,
        response: { 200: z.array(bookingSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const buyer = await requireRole(request, 'buyer');
      assertOwnEmail(buyer, request.query.email);
      const { bookings, total } = await getBuyerBookings(app.db, buyer, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return bookings;
    },
  );

  app.post(
    '/booking',
    {
      preValidation: buyersOnly,
      schema: {
        tags: ['bookings'],
        summary: 'Book a product for an in-person meeting',
        description:
          'Name and email come from the session; product name, price and image from the product. Other fields in the body are ignored.',
        body: createBookingSchema,
        response: {
          200: bookingSchema,
          ...refusals,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const buyer = await requireRole(request, 'buyer');
      return createBooking(app.db, buyer, request.body);
    },
  );

  app.get(
    '/my-buyers',
    {
      preValidation: sellersOnly,
      schema: {
        tags: ['bookings'],
        summary: "Orders for the signed-in seller's products, newest first",
        querystring: paginationQuerySchema,
        response: { 200: z.array(sellerBuyerSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const seller = await requireRole(request, 'seller');
      const { buyers, total } = await getSellerBuyers(app.db, seller, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return buyers;
    },
  );
};
