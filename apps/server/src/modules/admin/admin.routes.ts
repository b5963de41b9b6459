import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedCountSchema,
  emailParamsSchema,
  errorResponseSchema,
  memberSchema,
  modifiedCountSchema,
  paginationQuerySchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { listRoute } from '../../lib/route-shapes.ts';
import { deleteMember, getUsersByRole, verifySeller } from './admin.service.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, role] of [
    ['/all-sellers', 'seller'],
    ['/all-buyers', 'buyer'],
  ] as const) {
    listRoute(app, path, {
      guard: onlyRoles('admin'),
      tag: 'admin',
      summary: `Every ${role}, newest first; suspended accounts are marked, with the reason`,
      querystring: paginationQuerySchema,
      item: memberSchema,
      list: ({ query }) => getUsersByRole(app.db, role, query),
    });
  }

  app.put(
    '/all-sellers/:email',
    {
      preValidation: onlyRoles('admin'),
      // Verification shows on the seller's product cards.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['admin'],
        summary: 'Verify a seller',
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      modifiedCount: await verifySeller(app.db, app.notifier, request.actor, request.params.email),
    }),
  );

  app.delete(
    '/all-sellers/:email',
    {
      preValidation: onlyRoles('admin'),
      // A seller's products go with them.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['admin'],
        summary: 'Delete a seller or a buyer with their products, orders and wish list',
        params: emailParamsSchema,
        response: { 200: deletedCountSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { id, deletedCount } = await deleteMember(app.db, request.actor, request.params.email);
      // Sessions other instances may still hold in memory end now, not when they expire.
      await app.forgetUserSessions(id);
      return { deletedCount };
    },
  );
};
