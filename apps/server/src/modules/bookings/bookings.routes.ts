import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BOOKING_CANCELS_PER_HOUR,
  BOOKING_REQUESTS_PER_HOUR,
  HANDOVER_CODE_MAX_WRONG,
  HANDOVER_CODES_PER_HOUR,
  HANDOVER_LOCK_HOURS,
  REBOOK_PAUSE_MINUTES,
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
  chosenLanguage,
  cookieLanguage,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import type { LimitKey } from '../../lib/errors.ts';
import { tooManyRequests, type RateLimiter } from '../../plugins/rate-limit.ts';
import { listRoute } from '../../lib/route-shapes.ts';
import { meetingCalendar } from './bookings.calendar.ts';
import { findLanguage } from '../accounts/public.ts';
import { serverTexts } from '@market/shared/texts';
import { registerInspectionRoutes } from './inspection.routes.ts';
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
const limited = { 429: errorResponseSchema };

/** Counts one for `key`; past the rule, 429 saying how long to wait. */
async function consume(limiter: RateLimiter, key: string, what: LimitKey): Promise<void> {
  const wait = await limiter.consume(key);
  if (wait !== null) throw tooManyRequests(what, wait);
}

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each request and each cancel emails the other side: these keep the marketplace's mail from
  // being a way to flood a seller or a buyer. Hand-over codes: no seller can guess one.
  const limits = {
    requests: app.rateLimiter({
      name: 'booking-requests',
      max: BOOKING_REQUESTS_PER_HOUR,
      windowSeconds: 60 * 60,
    }),
    cancels: app.rateLimiter({
      name: 'booking-cancels',
      max: BOOKING_CANCELS_PER_HOUR,
      windowSeconds: 60 * 60,
    }),
    codes: app.rateLimiter({
      name: 'handover-codes',
      max: HANDOVER_CODES_PER_HOUR,
      windowSeconds: 60 * 60,
    }),
  };

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
          'Creates a request with status "requested". Name and email come from the session; product name, price and image from the product. Other fields in the body are ignored. 409 when the buyer already has an open request for it, or it is reserved or sold. ' +
          `429 past ${BOOKING_REQUESTS_PER_HOUR} requests an hour, and for ${REBOOK_PAUSE_MINUTES} minutes after the buyer cancelled a request of the same listing.`,
        body: createBookingSchema,
        response: { 200: bookingSchema, ...refusals, ...limited },
      },
    },
    async (request) => {
      await consume(limits.requests, request.actor.id, 'bookingRequests');
      return createBooking(app.db, app.notifier, request.actor, request.body);
    },
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
          'The listing becomes reserved for this buyer and the buyer gets a 6-digit hand-over code. The other open requests stay waiting. 409 when the request is no longer waiting or the listing is already reserved. ' +
          'The place is a safe meeting spot (`meetingSpotId`, from GET /api/meeting-spots; its name and address become `meetingPlace`) or typed in (`meetingPlace`); 400 for a spot that is not listed.',
        params: idParamsSchema,
        body: acceptBookingSchema,
        response: { 200: bookingStateSchema, ...refusals },
      },
    },
    async (request) =>
      acceptBooking(app.db, app.notifier, request.actor, request.params.id, request.body),
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
      declineBooking(app.db, app.notifier, request.actor, request.params.id, request.body?.reason),
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
          'A preset reason (those offered to the side cancelling; "other" needs words), with optional words, or words alone. Cancelling an accepted request makes the listing available again. 409 when the request is no longer open. ' +
          `429 past ${BOOKING_CANCELS_PER_HOUR} cancels an hour.`,
        params: idParamsSchema,
        body: cancelBookingSchema,
        response: { 200: bookingStateSchema, ...refusals, ...limited },
      },
    },
    async (request) => {
      await consume(limits.cancels, request.actor.id, 'cancels');
      return cancelBooking(app.db, app.notifier, request.actor, request.params.id, request.body);
    },
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
          'The right code completes the request and sells the listing; its other open requests are declined with the reason "sold". A wrong code answers 400 with the tries left; after 5 wrong codes the code is renewed (the buyer is told and sees the new one in their orders) and the seller must ask again. ' +
          `After ${HANDOVER_CODE_MAX_WRONG} wrong codes in all, completing the request is locked for ${HANDOVER_LOCK_HOURS} hours (429 with Retry-After; the buyer is told). 429 past ${HANDOVER_CODES_PER_HOUR} codes an hour per seller.`,
        params: idParamsSchema,
        body: completeBookingSchema,
        response: { 200: bookingStateSchema, ...refusals, ...limited },
      },
    },
    async (request) => {
      await consume(limits.codes, request.actor.id, 'codes');
      return completeBooking(
        app.db,
        app.notifier,
        request.actor,
        request.params.id,
        request.body.code,
      );
    },
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
    async (request) => markProductSold(app.db, app.notifier, request.actor, request.params.id),
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
      // In the language this device reads the site in, else the account's, else the browser's.
      const language =
        cookieLanguage(request.headers.cookie) ??
        (await findLanguage(app.db, request.actor.id)) ??
        chosenLanguage(null, request.headers['accept-language']);
      const s = serverTexts(language, app.config.currency);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="meeting-${meeting.id}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(meetingCalendar(meeting, host, new Date(), s));
    },
  );

  registerInspectionRoutes(app);
};
