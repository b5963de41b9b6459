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
        summary: 'Liveness with a real database round trip',
        response: { 200: healthSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        throw serviceUnavailable('The database is unreachable');
      }
      return { status: 'ok' as const, db: app.dbKind };
    },
  );
};
