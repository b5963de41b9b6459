import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  modifiedCountSchema,
  notificationSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  readNotificationsSchema,
  updateNotificationSettingsSchema,
} from '@market/shared';
import { signedIn } from '../../lib/access.ts';
import { sendCursorPage } from '../../lib/paging.ts';
import {
  NotificationCursors,
  getNotificationSettings,
  listNotifications,
  readNotifications,
  updateNotificationSettings,
} from './notifications.service.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

/*
 * Each person's notifications and which of them also come by email. Lists and settings are the
 * caller's own, never kept in the response cache.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokens = new UnsubscribeTokens(app.config.authSecret);
  const cursors = new NotificationCursors(app.config.authSecret);

  app.get(
    '/notifications',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications, newest first (unread=true: unread only)",
        description: `The total is in ${TOTAL_COUNT_HEADER}; the next page's address is in the Link header (rel="next") and its cursor in ${NEXT_CURSOR_HEADER}.`,
        querystring: notificationsQuerySchema,
        response: { 200: z.array(notificationSchema) },
      },
    },
    async (request, reply) => {
      const page = await listNotifications(app.db, cursors, request.actor, request.query);
      return sendCursorPage(reply, request.url, page);
    },
  );

  app.post(
    '/notifications/read',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['notifications'],
        summary: 'Mark your notifications read: those of `ids`, or all of them without `ids`',
        description: "Ids that are not the caller's change nothing.",
        body: readNotificationsSchema,
        response: { 200: modifiedCountSchema },
      },
    },
    async (request) => ({
      modifiedCount: await readNotifications(app.notifier, request.actor, request.body.ids),
    }),
  );

  app.get(
    '/me/notification-settings',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification also come to you by email, and by push',
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => getNotificationSettings(app.db, request.actor),
  );

  app.put(
    '/me/notification-settings',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['notifications'],
        summary: 'Turn kinds of email or push on or off; kinds left out stay as they are',
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => updateNotificationSettings(app.db, request.actor, request.body),
  );

  await app.register(unsubscribeRoutes, { tokens });
};
