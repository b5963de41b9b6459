import { z } from 'zod';
import { errorResponseSchema, idParamsSchema } from '@market/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  preValidationHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from './actor.ts';
import { sendPage, type Page } from './paging.ts';
import type { CacheScope } from './response-cache.ts';

/*
 * Routes of the kinds the API has many of, each declared once here: a guarded list, and a
 * guarded write on one of the caller's own things by id.
 */

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface ListRoute<Q extends z.ZodType, I extends z.ZodType> {
  /** Who may ask: `signedIn()` or `onlyRoles(...)` (lib/access.ts). */
  guard: preValidationHookHandler;
  tag: string;
  summary: string;
  /** The page and any filters; the validated query is what `list` receives. */
  querystring: Q;
  /** One item of the list as the API answers it. */
  item: I;
  /** One page of the list, and the size of the whole list, for this caller. */
  list(caller: { actor: Actor; query: z.output<Q> }): Promise<Page<z.output<I>>>;
}

/**
 * A guarded list at `GET path`: a JSON array of items, a page at a time, the size of the whole
 * list in X-Total-Count, as every list of the API answers.
 */
export function listRoute<Q extends z.ZodType, I extends z.ZodType>(
  app: ZodApp,
  path: string,
  route: ListRoute<Q, I>,
): void {
  app.get(
    path,
    {
      preValidation: route.guard,
      schema: {
        tags: [route.tag],
        summary: route.summary,
        querystring: route.querystring,
        response: { 200: z.array(route.item) },
      },
    },
    async (request, reply) => {
      // The type provider cannot resolve a generic schema's output; the validator made it so.
      const query = request.query as z.output<Q>;
      return sendPage(reply, await route.list({ actor: request.actor, query }));
    },
  );
}

export interface OwnItemRoute<A extends z.ZodType> {
  method: 'PUT' | 'DELETE' | 'POST';
  /** A path ending in `/:id`. */
  url: string;
  /** Who may ask: `onlyRoles(...)` (lib/access.ts). */
  guard: preValidationHookHandler;
  /** What a successful call changes (see lib/response-cache.ts). */
  changes: readonly CacheScope[];
  tag: string;
  summary: string;
  answer: A;
  /** Does it, after checking with `requireAccess` that the thing is the caller's. */
  run(caller: { actor: Actor; id: string }): Promise<z.output<A>>;
}

/**
 * A guarded write on one of the caller's own things, named by id. Someone else's thing answers
 * 404 like a missing one, so that its existence stays private.
 */
export function ownItemRoute<A extends z.ZodType>(app: ZodApp, route: OwnItemRoute<A>): void {
  app.route({
    method: route.method,
    url: route.url,
    preValidation: route.guard,
    config: { changes: route.changes },
    schema: {
      tags: [route.tag],
      summary: route.summary,
      params: idParamsSchema,
      // Widened: the type provider cannot resolve a generic schema; `run` answers its output.
      response: { 200: route.answer as z.ZodType, 404: errorResponseSchema },
    },
    handler: async (request) => route.run({ actor: request.actor, id: request.params.id }),
  });
}
