import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEETING_SPOTS_NEAR_KM,
  errorResponseSchema,
  idParamsSchema,
  meetingSpotInputSchema,
  meetingSpotSchema,
  meetingSpotsQuerySchema,
  removedSpotSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { sendPage } from '../../lib/paging.ts';
import {
  addMeetingSpot,
  changeMeetingSpot,
  listMeetingSpots,
  removeMeetingSpot,
} from './meeting-spots.service.ts';

/** Safe meeting spots (decision 0034): a public list, kept by admins. */
export const meetingSpotsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/meeting-spots',
    {
      schema: {
        tags: ['meeting spots'],
        summary: 'Safe places to meet, by area; or near a place, nearest first',
        description:
          'Public. Without `near`, every spot ordered by its area, then its name. With `near=<placeId>` (from GET /api/places/suggest), the spots within `radiusKm` ' +
          `(1 to 500, default ${MEETING_SPOTS_NEAR_KM}) of the place's centre, nearest first, each with its distance rounded (1 km under 10 km, 5 km above). ` +
          'A spot is a public place: its own coordinates are shown. 400 with the field for an unknown place or a radius out of bounds. Paged with `page` and `limit`; the total in X-Total-Count.',
        querystring: meetingSpotsQuerySchema,
        response: { 200: z.array(meetingSpotSchema) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listMeetingSpots(app.db, app.places, request.query)),
  );

  app.post(
    '/admin/meeting-spots',
    {
      preValidation: onlyRoles('admin'),
      config: { changes: [] },
      schema: {
        tags: ['meeting spots'],
        summary: 'Add a safe meeting spot',
        description:
          'Name, address, the place it is in (`placeId`, from the suggestions; its name becomes the spot’s area), its coordinates, opening hours and kind. 400 with the field for anything missing, too long, out of bounds or unknown.',
        body: meetingSpotInputSchema,
        response: { 201: meetingSpotSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addMeetingSpot(app.db, app.places, request.body)),
  );

  app.put(
    '/admin/meeting-spots/:id',
    {
      preValidation: onlyRoles('admin'),
      config: { changes: [] },
      schema: {
        tags: ['meeting spots'],
        summary: 'Change a safe meeting spot (all its details at once)',
        description:
          'Deals already set at the spot show it as it is now. 404 for a spot that is not listed (never was, or removed).',
        params: idParamsSchema,
        body: meetingSpotInputSchema,
        response: { 200: meetingSpotSchema, 404: errorResponseSchema },
      },
    },
    async (request) => changeMeetingSpot(app.db, app.places, request.params.id, request.body),
  );

  app.delete(
    '/admin/meeting-spots/:id',
    {
      preValidation: onlyRoles('admin'),
      config: { changes: [] },
      schema: {
        tags: ['meeting spots'],
        summary: 'Remove a safe meeting spot from the lists',
        description:
          'Sellers can no longer choose it; deals already set there keep it. 404 for a spot that is not listed.',
        params: idParamsSchema,
        response: { 200: removedSpotSchema, 404: errorResponseSchema },
      },
    },
    async (request) => removeMeetingSpot(app.db, request.params.id),
  );
};
