import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  conversationReportSchema,
  conversationSchema,
  errorResponseSchema,
  idParamsSchema,
  messageSchema,
  messagesQuerySchema,
  paginationQuerySchema,
  reportConversationSchema,
  sendMessageSchema,
  startConversationSchema,
  startedConversationSchema,
  unreadCountsSchema,
} from '@market/shared';
import { onlyRoles, signedIn } from '../../lib/access.ts';
import { sendCursorPage } from '../../lib/paging.ts';
import { listRoute } from '../../lib/route-shapes.ts';
import { unreadCountsOf } from '../notifications/public.ts';
import { MessageCursors } from './message-cursor.ts';
import {
  blockConversation,
  getConversation,
  listConversationMessages,
  listConversations,
  readConversation,
  reportConversation,
  sendMessage,
  startConversation,
  unblockConversation,
  type ConversationDeps,
} from './conversations.service.ts';

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
const PARTIES_ONLY =
  'Only the two parties may see or write a conversation: anyone else, admins included, is told it does not exist (404).';

/*
 * Conversations are private to their two parties and change with every message: nothing here
 * is kept in a response cache, so every write declares `changes: []`.
 */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ConversationDeps = {
    db: app.db,
    notifier: app.notifier,
    cursors: new MessageCursors(app.config.authSecret),
    limits: {
      messages: app.rateLimiter({ name: 'conversation-messages', max: 30, windowSeconds: 60 }),
      newConversations: app.rateLimiter({
        name: 'new-conversations',
        max: 10,
        windowSeconds: 60 * 60,
      }),
    },
  };

  app.post(
    '/conversations',
    {
      preValidation: onlyRoles('buyer'),
      config: { changes: [] },
      schema: {
        tags: ['conversations'],
        summary: 'Ask the seller of a listing: starts the conversation, or adds to it',
        description:
          "A buyer has one conversation per listing: the first message starts it (201), later ones are added to it (200). 404 for a deleted listing, 403 for one's own, 409 for a sold listing or a blocked conversation, 429 past 30 messages a minute, 10 new conversations an hour, or 5 new conversations in an account's first 24 hours (Retry-After: until the account is a day old). Messages are checked by the scam shield and delivered either way.",
        body: startConversationSchema,
        response: { 200: startedConversationSchema, 201: startedConversationSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { created, ...started } = await startConversation(deps, request.actor, request.body);
      return reply.code(created ? 201 : 200).send(started);
    },
  );

  listRoute(app, '/conversations', {
    guard: onlyRoles('buyer', 'seller'),
    tag: 'conversations',
    summary:
      "The signed-in user's conversations, the latest message first, each with its unread count, last message, other party and listing",
    querystring: paginationQuerySchema,
    item: conversationSchema,
    list: ({ actor, query }) => listConversations(app.db, actor, query),
  });

  app.get(
    '/conversations/:id',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['conversations'],
        summary: 'One of your conversations, as your inbox shows it',
        description: PARTIES_ONLY,
        params: idParamsSchema,
        response: { 200: conversationSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getConversation(deps.db, request.actor, request.params.id),
  );

  app.get(
    '/conversations/:id/messages',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['conversations'],
        summary: `A conversation's messages, newest first, ${MESSAGES_PAGE_SIZE} a page`,
        description: `${PARTIES_ONLY} Phone numbers and email addresses show masked until the seller accepts the buyer's booking for this listing. A message that looks like a common scam carries its rules in scamWarnings for its reader (never for its writer), for the app's warning and Report button. The total is in ${TOTAL_COUNT_HEADER}; the older messages' address is in the Link header (rel="next") and their cursor in ${NEXT_CURSOR_HEADER}.`,
        params: idParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: z.array(messageSchema), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await listConversationMessages(
        deps,
        request.actor,
        request.params.id,
        request.query.cursor,
      );
      return sendCursorPage(reply, request.url, { ...page, items: page.messages });
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['conversations'],
        summary: 'Write in a conversation',
        description: `${PARTIES_ONLY} 409 once it is blocked; 429 past 30 messages a minute.`,
        params: idParamsSchema,
        body: sendMessageSchema,
        response: { 201: messageSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const message = await sendMessage(deps, request.actor, request.params.id, request.body.text);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['conversations'],
        summary: "Mark the other party's messages read; answers the caller's unread counts",
        description: PARTIES_ONLY,
        params: idParamsSchema,
        response: { 200: unreadCountsSchema, 404: errorResponseSchema },
      },
    },
    async (request) => readConversation(deps, request.actor, request.params.id),
  );

  app.post(
    '/conversations/:id/block',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['conversations'],
        summary: 'Block the conversation: nobody can write in it any more; it stays readable',
        description: `${PARTIES_ONLY} Blocking a blocked conversation changes nothing.`,
        params: idParamsSchema,
        response: { 200: conversationSchema, 404: errorResponseSchema },
      },
    },
    async (request) => blockConversation(deps, request.actor, request.params.id),
  );

  app.delete(
    '/conversations/:id/block',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['conversations'],
        summary: 'Unblock a conversation you blocked',
        description: `${PARTIES_ONLY} 403 when the other party blocked it.`,
        params: idParamsSchema,
        response: { 200: conversationSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => unblockConversation(deps, request.actor, request.params.id),
  );

  app.post(
    '/conversations/:id/report',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['conversations'],
        summary: "Report a conversation, or one of the other party's messages, to the moderators",
        description: `${PARTIES_ONLY} One open report per reporter for the conversation and for each message: 409 for another.`,
        params: idParamsSchema,
        body: reportConversationSchema,
        response: {
          201: conversationReportSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const report = await reportConversation(
        app.db,
        request.actor,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(report);
    },
  );

  app.get(
    '/me/unread',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['conversations', 'notifications'],
        summary: "The signed-in user's unread messages and notifications, for the top bar",
        response: { 200: unreadCountsSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return unreadCountsOf(app.db, request.actor.id);
    },
  );
};
