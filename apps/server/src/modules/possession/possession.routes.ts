import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  paginationQuerySchema,
  pendingPossessionSchema,
  possessionSchema,
  reviewPossessionSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { listRoute } from '../../lib/route-shapes.ts';
import { tooManyRequests } from '../../plugins/rate-limit.ts';
import { readImageField, rejectDeclaredOversizeBody, type ImageStorage } from '../images/public.ts';
import {
  getOwnPossession,
  getPendingPossession,
  openPossessionPhoto,
  reviewPossession,
  submitPossessionPhoto,
} from './possession.service.ts';

/** Photos of the phone beside its code one seller may send in an hour. */
export const POSSESSION_PHOTOS_PER_HOUR = 20;

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };

/*
 * Proof of possession (decision 0031): the seller's code, their photo of the phone beside it,
 * and the moderators' decision. The photo has no public address: only admins read it, through
 * this module's own route, never cached by a shared cache.
 */
export const possessionRoutes: FastifyPluginAsyncZod<{ storage: ImageStorage }> = async (
  app,
  { storage },
) => {
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart);
  const photoQuota = app.rateLimiter({
    name: 'possession-photos',
    max: POSSESSION_PHOTOS_PER_HOUR,
    windowSeconds: 60 * 60,
  });

  app.get(
    '/me/listings/:id/possession',
    {
      preValidation: onlyRoles('seller'),
      schema: {
        tags: ['listings'],
        summary: "One of your listings' proof-of-possession code, and where its photo stands",
        description:
          'The code (e.g. PM-4821) to write on paper beside the phone, screen on, in the photo; ' +
          "the photo's state: none, pending, verified or rejected (with the reason). Another " +
          "seller's listing answers 404.",
        params: idParamsSchema,
        response: { 200: possessionSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getOwnPossession(app.db, request.actor, request.params.id),
  );

  app.post(
    '/me/listings/:id/possession/photo',
    {
      preValidation: onlyRoles('seller'),
      onRequest: [rejectDeclaredOversizeBody],
      // Only moderators see the photo; the listing changes once one approves it.
      config: { changes: [] },
      schema: {
        tags: ['listings'],
        summary: 'Send the photo of the phone beside its code (multipart field "image")',
        description:
          'Checked, re-encoded and stripped of EXIF like every upload (the same size limits), ' +
          'stored under a private name no public address serves, and put before a moderator. A ' +
          `second photo replaces the first. At most ${POSSESSION_PHOTOS_PER_HOUR} an hour ` +
          "(429). A sold listing answers 409; another seller's 404.",
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          200: possessionSchema,
          ...refusals,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const wait = await photoQuota.consume(request.actor.id);
      if (wait !== null) throw tooManyRequests('photos', wait);
      const bytes = await readImageField(request, reply);
      return submitPossessionPhoto(app.db, storage, request.actor, request.params.id, bytes);
    },
  );

  listRoute(app, '/admin/possession-photos', {
    guard: onlyRoles('admin'),
    tag: 'moderation',
    summary: 'Photos of phones beside their listing codes, waiting for a moderator, oldest first',
    querystring: paginationQuerySchema,
    item: pendingPossessionSchema,
    list: ({ query }) => getPendingPossession(app.db, query),
  });

  app.get(
    '/admin/possession-photos/:id/photo',
    {
      preValidation: onlyRoles('admin'),
      schema: {
        tags: ['moderation'],
        summary: "A listing's proof-of-possession photo (WebP), for moderators only",
        description: 'Never cached by a shared cache. 404 when the listing has no photo.',
        params: idParamsSchema,
        response: {
          200: z.custom<Readable>().describe('The WebP image'),
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const stored = await openPossessionPhoto(app.db, storage, request.params.id);
      void reply
        .headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' })
        .type('image/webp');
      if (stored.size !== undefined) void reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
  );

  app.post(
    '/admin/possession-photos/:id/review',
    {
      preValidation: onlyRoles('admin'),
      // "Photo verified" shows on the listing's page.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['moderation'],
        summary: 'Approve or reject the photo of a listing waiting for a moderator',
        description:
          'approve: the listing shows "Photo verified" until its IMEI or model changes. reject ' +
          'needs a reason, which the seller reads. 409 when no photo waits. Recorded in the ' +
          'audit log.',
        params: idParamsSchema,
        body: reviewPossessionSchema,
        response: { 200: possessionSchema, ...refusals },
      },
    },
    async (request) => reviewPossession(app.db, request.actor, request.params.id, request.body),
  );
};
