import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SAVED_SEARCHES_MAX,
  createSavedSearchSchema,
  deletedCountSchema,
  errorResponseSchema,
  savedSearchSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { listRoute, ownItemRoute } from '../../lib/route-shapes.ts';
import { withOrigin } from './search.service.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  viewSavedSearch,
} from './saved-searches.service.ts';

export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/saved-searches', {
    guard: onlyRoles('buyer'),
    tag: 'search',
    summary:
      "The signed-in buyer's saved searches, newest first, each with its count of new matches since the buyer last opened it",
    querystring: z.object({}),
    item: savedSearchSchema,
    list: ({ actor }) => listSavedSearches(app.db, app.searchIndex, actor),
  });

  app.post(
    '/saved-searches',
    {
      preValidation: onlyRoles('buyer'),
      // Saved searches show only to their buyer, never in a cached answer.
      config: { changes: [] },
      schema: {
        tags: ['search'],
        summary: `Save the current search under a name (at most ${SAVED_SEARCHES_MAX})`,
        body: createSavedSearchSchema,
        response: { 200: savedSearchSchema, 409: errorResponseSchema },
      },
    },
    async (request) =>
      createSavedSearch(app.db, app.searchIndex, request.actor, {
        ...request.body,
        // Kept with the place's centre: its alerts measure from it without the gazetteer.
        filters: withOrigin(app.places, request.body.filters),
      }),
  );

  ownItemRoute(app, {
    method: 'POST',
    url: '/saved-searches/:id/viewed',
    guard: onlyRoles('buyer'),
    changes: [],
    tag: 'search',
    summary: 'The buyer opened one of their saved searches: its new matches are seen',
    answer: savedSearchSchema,
    run: ({ actor, id }) => viewSavedSearch(app.db, actor, id),
  });

  ownItemRoute(app, {
    method: 'DELETE',
    url: '/saved-searches/:id',
    guard: onlyRoles('buyer'),
    changes: [],
    tag: 'search',
    summary: 'Delete one of your saved searches',
    answer: deletedCountSchema,
    run: async ({ actor, id }) => ({ deletedCount: await deleteSavedSearch(app.db, actor, id) }),
  });
};
