import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyerAreaAnswerSchema,
  setBuyerAreaSchema,
  errorResponseSchema,
  placeParamsSchema,
  placeSchema,
  placeSuggestQuerySchema,
  placeSuggestionsSchema,
} from '@market/shared';
import { signedIn } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { clearBuyerArea, getBuyerArea, setBuyerArea, suggestPlaces } from './places.service.ts';

/** Places never change while the server runs: browsers and shared caches may keep answers. */
const CACHE_FOR_A_DAY = 'public, max-age=86400';

/*
 * Places (decision 0033). Public, like the listings' pages that name them: anyone choosing an
 * area (a seller's listing, a buyer's "near", a meeting spot) types its first letters.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places/suggest',
    {
      schema: {
        tags: ['places'],
        summary: 'Cities and neighbourhoods whose name begins with the typed letters, best first',
        description:
          'Matches any of a place\'s names, without regard to case or accents ("chatto" and ' +
          '"chittagong" both find Chattogram); "Dhaka, Gulshan" and "gulshan dhaka" find the ' +
          'neighbourhood in that city. A name typed whole comes first, then larger places. ' +
          'Centres are rounded to two decimals (about 1 km).',
        querystring: placeSuggestQuerySchema,
        response: { 200: placeSuggestionsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_FOR_A_DAY);
      return { places: suggestPlaces(app.places, request.query.q, request.query.limit) };
    },
  );

  app.get(
    '/places/:id',
    {
      schema: {
        tags: ['places'],
        summary: 'One place by its id',
        description: 'Its names and its centre, rounded to two decimals. 404 when there is none.',
        params: placeParamsSchema,
        response: { 200: placeSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const place = app.places.get(request.params.id);
      if (!place) throw notFound('bookings.place.noSuch');
      reply.header('cache-control', CACHE_FOR_A_DAY);
      return place;
    },
  );

  app.get(
    '/me/area',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['places'],
        summary: 'Your own saved area: the one searches measure distance from',
        description:
          'A place, or a position kept to two decimals (about 1 km) and named after the ' +
          'nearest place; null when none is saved. Answered to you alone.',
        response: { 200: buyerAreaAnswerSchema },
      },
    },
    async (request) => getBuyerArea(app.db, app.places, request.actor),
  );

  app.put(
    '/me/area',
    {
      preValidation: signedIn(),
      // Only the buyer's own answers show it, and none of them is cached.
      config: { changes: [] },
      schema: {
        tags: ['places'],
        summary: 'Save your area: a place from the suggestions, or your position',
        description:
          "`placeId` (an id from /api/places/suggest), or `lat` and `lon` (the browser's " +
          'position), which are rounded to two decimals (about 1 km) before anything is kept. ' +
          'An unknown place answers 400 naming `placeId`.',
        body: setBuyerAreaSchema,
        response: { 200: buyerAreaAnswerSchema },
      },
    },
    async (request) => setBuyerArea(app.db, app.places, request.actor, request.body),
  );

  app.delete(
    '/me/area',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['places'],
        summary: 'Forget your saved area',
        response: { 200: buyerAreaAnswerSchema },
      },
    },
    async (request) => clearBuyerArea(app.db, request.actor),
  );
};
