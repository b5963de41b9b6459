import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPushSubscriptionSchema,
  deletePushSubscriptionSchema,
  deletedCountSchema,
  errorResponseSchema,
  pushKeySchema,
  pushSubscriptionSchema,
} from '@market/shared';
import { signedIn } from '../../lib/access.ts';
import { unauthorized } from '../../lib/errors.ts';
import { readDate } from '../../db/dialect.ts';
import { findSubscription } from './push.repository.ts';
import { pushKey, subscribeDevice, unsubscribeDevice } from './push.service.ts';

/*
 * Web Push: the server's public key, and the devices of the signed-in user that get their
 * notifications by push. A device belongs to the session it subscribed in.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { push } = app.config;

  app.get(
    '/push/key',
    {
      schema: {
        tags: ['push'],
        summary:
          "The server's VAPID public key, for PushManager.subscribe({ applicationServerKey })",
        response: { 200: pushKeySchema },
      },
    },
    async () => pushKey(push.vapid.publicKey),
  );

  app.post(
    '/push/subscriptions',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['push'],
        summary: "Send this device your notifications by push (the browser's PushSubscription)",
        description:
          'The subscription belongs to the session that makes it: signing out on this device removes it. Subscribing the same endpoint again replaces its keys. Only the push services of known browsers are accepted.',
        body: createPushSubscriptionSchema,
        response: { 201: pushSubscriptionSchema },
      },
    },
    async (request, reply) => {
      const session = await app.requestSession(request);
      if (!session) throw unauthorized();
      await subscribeDevice(app.db, push.services, request.actor, session.sessionId, {
        ...request.body,
        userAgent: request.headers['user-agent'],
      });
      const stored = await findSubscription(app.db, request.body.endpoint);
      if (!stored) throw unauthorized();
      return reply.code(201).send({
        endpoint: stored.endpoint,
        deviceLabel: stored.deviceLabel,
        createdAt: readDate(stored.createdAt).toISOString(),
      });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['push'],
        summary: 'Stop sending your notifications to this device (by its endpoint)',
        body: deletePushSubscriptionSchema,
        response: { 200: deletedCountSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await unsubscribeDevice(app.db, request.actor, request.body.endpoint);
      return { deletedCount: 1 };
    },
  );
};
