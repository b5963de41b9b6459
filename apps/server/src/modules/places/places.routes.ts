import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  placeParamsSchema,
  placeSchema,
  placeSuggestQuerySchema,
  placeSuggestionsSchema,
} from '@market/shared';
import { notFound } from '../../lib/errors.ts';
import { suggestPlaces } from './places.service.ts';

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
      if (!place) throw notFound('There is no such place');
      reply.header('cache-control', CACHE_FOR_A_DAY);
      return place;
    },
  );
};
