import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TOTAL_COUNT_HEADER,
  deletedCountSchema,
  emailParamsSchema,
  errorResponseSchema,
  modifiedCountSchema,
  paginationQuerySchema,
  userSchema,
} from '@market/shared';
import { requireRole } from '../../lib/actor.ts';
import { deleteMember, getUsersByRole, verifySeller } from './admin.service.ts';

// Checked before the request is validated, so a stranger learns nothing from validation errors.
const adminsOnly = async (request: FastifyRequest) => {
  await requireRole(request, 'admin');
};

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, role] of [
    ['/all-sellers', 'seller'],
    ['/all-buyers', 'buyer'],
  ] as const) {
    app.get(
      path,
      {
        preValidation: adminsOnly,
        schema: {
          tags: ['admin'],
          summary: `Every ${role}, newest first`,
          querystring: paginationQuerySchema,
          response: { 200: z.array(userSchema), ...refusals },
        },
      },
      async (request, reply) => {
        const { users, total } = await getUsersByRole(app.db, role, request.query);
        void reply.header(TOTAL_COUNT_HEADER, String(total));
        return users;
      },
    );
  }

  app.put(
    '/all-sellers/:email',
    {
      preValidation: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: 'Verify a seller',
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) => ({ modifiedCount: await verifySeller(app.db, request.params.email) }),
  );

  app.delete(
    '/all-sellers/:email',
    {
      preValidation: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: 'Delete a seller or a buyer with their products, orders and wish list',
        params: emailParamsSchema,
        response: { 200: deletedCountSchema, ...refusals },
      },
    },
    async (request) => {
      const { id, deletedCount } = await deleteMember(app.db, request.params.email);
      // Sessions other instances may still hold in memory end now, not when they expire.
      await app.forgetUserSessions(id);
      return { deletedCount };
    },
  );
};
