import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  NO_SHOW_AFTER_HOURS,
  NO_SHOW_REASON_MAX,
  bookingStateSchema,
  errorResponseSchema,
  idParamsSchema,
  noShowReasonSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { tooManyRequests } from '../../plugins/rate-limit.ts';
import { checkIn, setNoShowReason } from './check-ins.service.ts';

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };
/** Reasons one person may write (or rewrite) in an hour. */
export const NO_SHOW_REASONS_PER_HOUR = 10;

/** "I'm here" at a meeting, and the absent side's reason for a recorded no-show (decision 0032). */
export const checkInsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reasons = app.rateLimiter({
    name: 'no-show-reasons',
    max: NO_SHOW_REASONS_PER_HOUR,
    windowSeconds: 60 * 60,
  });

  app.post(
    '/booking/:id/check-in',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: `Say "I'm here" at an accepted request's meeting (either side, once)`,
        description:
          `For the buyer and the seller of an accepted request, from ${CHECK_IN_OPENS_MINUTES} minutes before to ${CHECK_IN_CLOSES_MINUTES} minutes after the meeting time; the other side is told. ` +
          `When one side said it and the deal is neither completed nor cancelled ${NO_SHOW_AFTER_HOURS} hours after the meeting time, the other side's no-show is recorded. ` +
          '409 outside the window (with its times), after a first check-in of the same side, and when the request is not accepted. Other people are told the request does not exist.',
        params: idParamsSchema,
        response: { 200: bookingStateSchema, ...refusals },
      },
    },
    async (request) => checkIn(app.db, app.notifier, request.actor, request.params.id),
  );

  app.put(
    '/booking/:id/no-show-reason',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: 'Add a reason to your own recorded no-show',
        description:
          `The side recorded as not coming to the meeting may say why (1 to ${NO_SHOW_REASON_MAX} characters; a second call replaces the first). Moderators see it; the other side does not. ` +
          `409 when no no-show of the caller is recorded for this request. 429 past ${NO_SHOW_REASONS_PER_HOUR} an hour.`,
        params: idParamsSchema,
        body: noShowReasonSchema,
        response: { 200: bookingStateSchema, ...refusals, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const wait = await reasons.consume(request.actor.id);
      if (wait !== null) throw tooManyRequests('noShowReasons', wait);
      return setNoShowReason(app.db, request.actor, request.params.id, request.body.reason);
    },
  );
};
