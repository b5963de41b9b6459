import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  unsubscribePreviewSchema,
  unsubscribeQuerySchema,
  unsubscribeSchema,
  unsubscribeTokenSchema,
} from '@market/shared';
import { badRequest } from '../../lib/errors.ts';
import { previewUnsubscribe, unsubscribe } from './notifications.service.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

const FORM_BODY_LIMIT = 4 * 1024;

/** The one-click body of RFC 8058 (`List-Unsubscribe=One-Click`), in either encoding it allows. */
const oneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

/**
 * Turning one kind of email off from the link in that email, without signing in: the token
 * names the person and the kind. Mail programs post `List-Unsubscribe=One-Click` to the URL of
 * the List-Unsubscribe header (RFC 8058), form-encoded or as multipart/form-data; the web app's
 * confirmation page posts `{ token }` as JSON. A GET only tells what the link would turn off, so
 * that a link scanner opening it changes nothing.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ tokens: UnsubscribeTokens }> = async (
  app,
  { tokens },
) => {
  // Scoped to this plugin: the rest of the API takes JSON only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const oneClick = /name="List-Unsubscribe"\r?\n\r?\nOne-Click/.test(String(body));
      done(null, oneClick ? { 'List-Unsubscribe': 'One-Click' } : {});
    },
  );

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'What an unsubscribe link would turn off (no sign-in; changes nothing)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribePreviewSchema },
      },
    },
    async (request) => previewUnsubscribe(app.db, tokens, request.query.token),
  );

  app.post(
    '/unsubscribe',
    {
      config: { changes: [] },
      schema: {
        tags: ['notifications'],
        summary: "Turn off the link's kind of email (no sign-in)",
        description:
          'The token comes in the query (`?token=`, with the RFC 8058 one-click body `List-Unsubscribe=One-Click`) or in a JSON body `{ token }`. Answers what was turned off; doing it again changes nothing.',
        querystring: z.object({ token: unsubscribeTokenSchema.optional() }),
        body: z.union([unsubscribeSchema, oneClickBodySchema]).nullish(),
        response: { 200: unsubscribePreviewSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const token = request.query.token ?? (body && 'token' in body ? body.token : undefined);
      if (!token) throw badRequest('accounts.notifications.unsubscribeLink');
      return unsubscribe(app.db, tokens, token);
    },
  );
};
