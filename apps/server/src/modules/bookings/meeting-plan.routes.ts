import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEETING_PLAN_HOURS_AFTER,
  errorResponseSchema,
  idParamsSchema,
  meetingPlanSchema,
  meetingPlanShareSchema,
  meetingPlanShareStateSchema,
  meetingPlanTokenParamsSchema,
  revokedShareSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import {
  MeetingPlanLinks,
  getOwnShare,
  openMeetingPlan,
  revokeOwnShare,
  shareMeetingPlan,
} from './meeting-plan.service.ts';

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };
/** A plan is for the person it was shared with: no shared cache keeps it, no search engine lists it. */
const PRIVATE = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};

/** "Share my meeting plan" (decision 0034). */
export const meetingPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = new MeetingPlanLinks(app.config.authSecret, app.config.publicUrl);

  app.post(
    '/booking/:id/share',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: 'A link to your meeting plan for someone you trust',
        description:
          'For the buyer or the seller of an accepted request: the link to a page showing the meeting time, the place (and the spot, if one was chosen), the phone’s photo and name, and the other party’s first name, with no contact details. ' +
          `It opens for anyone who has it until ${MEETING_PLAN_HOURS_AFTER} hours after the meeting, unless revoked. Asking again answers the same link while it is live. ` +
          '409 when the request is not accepted or the meeting is past that time; other people are told the request does not exist.',
        params: idParamsSchema,
        response: { 200: meetingPlanShareSchema, ...refusals },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return shareMeetingPlan(app.db, links, request.actor, request.params.id);
    },
  );

  app.get(
    '/booking/:id/share',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      schema: {
        tags: ['bookings'],
        summary: 'Your live link to the meeting plan of a request, if you made one',
        params: idParamsSchema,
        response: { 200: meetingPlanShareStateSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return getOwnShare(app.db, links, request.actor, request.params.id);
    },
  );

  app.delete(
    '/booking/:id/share',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: 'Stop sharing your meeting plan: the link opens nothing from now on',
        description:
          '`revoked` is false when you had no live link. A new link can be made afterwards; the old one stays dead.',
        params: idParamsSchema,
        response: { 200: revokedShareSchema, 404: errorResponseSchema },
      },
    },
    async (request) => revokeOwnShare(app.db, request.actor, request.params.id),
  );

  app.get(
    '/meeting-plans/:token',
    {
      schema: {
        tags: ['bookings'],
        summary: 'A shared meeting plan, as its link shows it (no sign-in)',
        description:
          'The time, the place and spot, the phone’s photo and name, and the first name of the person the sharer meets; never a phone number, email address or hand-over code. ' +
          `404 for a link this server did not make, a revoked one, one past ${MEETING_PLAN_HOURS_AFTER} hours after the meeting, and a deal called off, with a message saying which. Never cached by shared caches.`,
        params: meetingPlanTokenParamsSchema,
        response: { 200: meetingPlanSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.headers(PRIVATE);
      return openMeetingPlan(app.db, links, request.params.token);
    },
  );
};
