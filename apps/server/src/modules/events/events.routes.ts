import { z } from 'zod';
import { errorResponseSchema } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../lib/access.ts';
import { badRequest, englishOf, unauthorized } from '../../lib/errors.ts';
import { addressKey, tooManyRequests } from '../../plugins/rate-limit.ts';
import { LiveEventStream } from './live-event-stream.ts';
import { lastLiveEventId, newestLiveEventId } from './live-events.repository.ts';
import { STREAMS_PER_USER } from './live-streams.ts';

/** How long an address refused for too many open streams is told to wait. */
const STREAMS_FULL_RETRY_S = 30;

const POSITION = /^\d{1,15}$/;

const eventsQuerySchema = z.object({
  /** For clients that cannot set the Last-Event-ID header when they reconnect. */
  lastEventId: z
    .string()
    .regex(POSITION, { error: englishOf('accounts.events.position') })
    .optional(),
});

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = app.liveStreams;
  // Open streams would hold the server's close until their clients leave: each ends, and its
  // connection goes once the end is written.
  app.addHook('preClose', async () => streams.closeAll());

  app.get(
    '/events',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['events'],
        summary: "The signed-in user's live events (Server-Sent Events)",
        description:
          'A text/event-stream: each event is `id: <position>`, `event: <type>` and `data: <JSON of the event>` (see the LiveEvent schema). A reconnecting client sends the Last-Event-ID header (or `?lastEventId=`) and first receives the events it missed, in order, each once; events are kept for a day. Comment lines come every 25 seconds.' +
          ` The stream ends with its session (sign-out, revocation, a password change or reset, suspension, deletion). A user has at most ${STREAMS_PER_USER} streams open: a new one ends their oldest. Too many streams from one address answer 429.`,
        querystring: eventsQuerySchema,
        response: {
          200: z.string().describe('text/event-stream'),
          429: errorResponseSchema.describe('Too many streams open from this address'),
        },
      },
    },
    async (request, reply) => {
      const userId = request.actor.id;
      const session = await app.requestSession(request);
      if (!session) throw unauthorized();
      const address = addressKey(request.ip);
      if (!streams.admits(address)) {
        throw tooManyRequests('streams', STREAMS_FULL_RETRY_S);
      }
      const given = request.headers['last-event-id'] ?? request.query.lastEventId;
      let after: number;
      if (given === undefined) {
        after = await lastLiveEventId(app.db, userId);
      } else {
        if (typeof given !== 'string' || !POSITION.test(given)) {
          throw badRequest('accounts.events.position');
        }
        // A position past the whole log (a log that was reset) would hold every new event back.
        after = Math.min(Number(given), await newestLiveEventId(app.db));
      }

      const stream = new LiveEventStream(app.db, request.log, userId, after);
      const stopListening = app.liveEventHub.listen(userId, () => void stream.deliver());
      const cleanUp = () => {
        stopListening();
        streams.remove(stream);
        stream.close();
      };
      stream.body.once('close', cleanUp);
      reply.raw.once('close', cleanUp);
      streams.add(stream, { userId, sessionId: session.sessionId, address }, request.raw.socket);
      // What was missed goes first; anything woken meanwhile waits for it (deliver never overlaps).
      void stream.deliver();

      return (
        reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          // Proxies such as nginx would otherwise hold events back to fill their buffers.
          .header('x-accel-buffering', 'no')
          // Fastify pipes a stream as it is; the string schema above only documents the format.
          .send(stream.body as unknown as string)
      );
    },
  );
};
