import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptBookingSchema,
  bookingSchema,
  bookingStateSchema,
  cancelBookingSchema,
  completeBookingSchema,
  createBookingSchema,
  declineBookingSchema,
  emailPageQuerySchema,
  errorResponseSchema,
  idParamsSchema,
  markSoldSchema,
  paginationQuerySchema,
  sellerBuyerSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { listRoute } from '../../lib/route-shapes.ts';
import { meetingCalendar } from './bookings.calendar.ts';
import { startBookingExpiry } from './bookings.expiry.ts';
import {
  acceptBooking,
  cancelBooking,
  completeBooking,
  createBooking,
  declineBooking,
  getBuyerBookings,
  getMeeting,
  getSellerBuyers,
  markProductSold,
} from './bookings.service.ts';

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  startBookingExpiry(app);

  listRoute(app, '/booking', {
    guard: onlyRoles('buyer'),
    tag: 'bookings',
    summary:
      "The signed-in buyer's orders (booking requests), newest first, each with its status and what the buyer can do next; the seller's phone and email once the request is accepted",
    querystring: emailPageQuerySchema,
    item: bookingSchema,
    list: ({ actor, query }) => getBuyerBookings(app.db, actor, query),
  });

  app.post(
    '/booking',
    {
      preValidation: onlyRoles('buyer'),
      // Only an available listing takes requests, and category pages do not show requests:
      // what they show changes only when a request is accepted or a listing sold.
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: 'Request to buy a product at an in-person meeting',
        description:
          'Creates a request with status "requested". Name and email come from the session; product name, price and image from the product. Other fields in the body are ignored. 409 when the buyer already has an open request for it, or it is reserved or sold.',
        body: createBookingSchema,
        response: { 200: bookingSchema, ...refusals },
      },
    },
    async (request) => createBooking(app.db, request.actor, request.body),
  );

  listRoute(app, '/my-buyers', {
    guard: onlyRoles('seller'),
    tag: 'bookings',
    summary:
      "Booking requests for the signed-in seller's products, newest first, each with its status and what the seller can do next; the buyer's phone and email are masked until the seller accepts the request",
    querystring: paginationQuerySchema,
    item: sellerBuyerSchema,
    list: ({ actor, query }) => getSellerBuyers(app.db, actor, query),
  });

  app.post(
    '/booking/:id/accept',
    {
      preValidation: onlyRoles('seller'),
      // The listing becomes reserved, which cards show.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['bookings'],
        summary: 'Accept a waiting request with a meeting time and place',
        description:
          'The listing becomes reserved for this buyer and the buyer gets a 6-digit hand-over code. The other open requests stay waiting. 409 when the request is no longer waiting or the listing is already reserved.',
        params: idParamsSchema,
        body: acceptBookingSchema,
        response: { 200: bookingStateSchema, ...refusals },
      },
    },
    async (request) => acceptBooking(app.db, request.actor, request.params.id, request.body),
  );

  app.post(
    '/booking/:id/decline',
    {
      preValidation: onlyRoles('seller'),
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: 'Decline a waiting request, with an optional reason',
        params: idParamsSchema,
        body: declineBookingSchema,
        response: { 200: bookingStateSchema, ...refusals },
      },
    },
    async (request) =>
      declineBooking(app.db, request.actor, request.params.id, request.body?.reason),
  );

  app.post(
    '/booking/:id/cancel',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      // Cancelling an accepted request makes the listing available again.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['bookings'],
        summary: 'Cancel an open request (either side), with a reason',
        description:
          'Cancelling an accepted request makes the listing available again. 409 when the request is no longer open.',
        params: idParamsSchema,
        body: cancelBookingSchema,
        response: { 200: bookingStateSchema, ...refusals },
      },
    },
    async (request) => cancelBooking(app.db, request.actor, request.params.id, request.body.reason),
  );

  app.post(
    '/booking/:id/complete',
    {
      preValidation: onlyRoles('seller'),
      // The listing is sold: it leaves its category and the advertisements.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['bookings'],
        summary: "Complete the deal with the buyer's hand-over code",
        description:
          'The right code completes the request and sells the listing; its other open requests are declined with the reason "sold". A wrong code answers 400 with the tries left; after 5 wrong codes the code is renewed (the buyer sees the new one in their orders) and the seller must ask again.',
        params: idParamsSchema,
        body: completeBookingSchema,
        response: { 200: bookingStateSchema, ...refusals },
      },
    },
    async (request) => completeBooking(app.db, request.actor, request.params.id, request.body.code),
  );

  // A listing's sale belongs with its requests, which it closes.
  app.post(
    '/my-products/:id/sold',
    {
      preValidation: onlyRoles('seller'),
      config: { changes: ['catalog'] },
      schema: {
        tags: ['bookings', 'listings'],
        summary: 'Mark one of your listings sold outside the site',
        description:
          'The listing is sold and its open requests are declined with the reason "sold". 409 when it is already sold.',
        params: idParamsSchema,
        response: { 200: markSoldSchema, ...refusals },
      },
    },
    async (request) => markProductSold(app.db, request.actor, request.params.id),
  );

  app.get(
    '/booking/:id/calendar.ics',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      schema: {
        tags: ['bookings'],
        summary: "An accepted request's meeting as a calendar file (RFC 5545)",
        description:
          'For the buyer and the seller of an accepted request: one event in the time zone the meeting was set in, with its VTIMEZONE. 409 when the request is not accepted.',
        params: idParamsSchema,
        response: {
          200: z.string().describe('text/calendar'),
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const meeting = await getMeeting(app.db, request.actor, request.params.id);
      const host = new URL(app.config.publicUrl).hostname;
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="meeting-${meeting.id}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(meetingCalendar(meeting, host, new Date()));
    },
  );
};
