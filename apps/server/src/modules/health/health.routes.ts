import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, healthSchema } from '@market/shared';
import { serviceUnavailable } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness with a real database round trip, and the state of the search index',
        description:
          'Answers 200 as soon as the server runs, also while its search index is first built (search.state "starting"; searches answer 503 meanwhile). search.behind is about how many changes the index has not applied yet, search.caughtUpMsAgo how long ago it last applied them all; both are null while starting. 503 when the database is unreachable.',
        response: { 200: healthSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      let search;
      try {
        await sql`select 1`.execute(app.db);
        search = await app.searchIndex.status();
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        throw serviceUnavailable('common.databaseDown');
      }
      return { status: 'ok' as const, db: app.dbKind, search };
    },
  );
};
