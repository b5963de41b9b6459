import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  DATA_EXPORT_KEEP_DAYS,
  DATA_EXPORTS_PER_DAY,
  dataExportCreatedSchema,
  dataExportParamsSchema,
  dataExportSchema,
  errorResponseSchema,
  latestDataExportSchema,
} from '@market/shared';
import { signedIn } from '../../lib/access.ts';

/** "Your data": a zip of everything the marketplace holds about the signed-in person. */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const exports = app.dataExports;

  app.post(
    '/me/export',
    {
      preValidation: signedIn(),
      config: { changes: [] },
      schema: {
        tags: ['accounts'],
        summary: 'Ask for a copy of everything the marketplace holds about you',
        description:
          `Answers 202 at once; the zip (JSON files and your photos) is built in the background, and you are notified (in the app and by email) when it is ready. ` +
          `It can be downloaded for ${DATA_EXPORT_KEEP_DAYS} days. One at a time (409 while one is being prepared), ${DATA_EXPORTS_PER_DAY} a day (429 with Retry-After).`,
        response: {
          202: dataExportCreatedSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.status(202).send(await exports.request(request.actor)),
  );

  app.get(
    '/me/export',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['accounts'],
        summary: 'Your newest data export, or null before your first',
        response: { 200: latestDataExportSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return exports.latest(request.actor);
    },
  );

  app.get(
    '/me/export/:id',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['accounts'],
        summary: 'The state of one of your data exports, with its download link once ready',
        description: "Someone else's export answers 404, as one that does not exist.",
        params: dataExportParamsSchema,
        response: { 200: dataExportSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return exports.get(request.actor, request.params.id);
    },
  );

  app.get(
    '/me/export/:id/download',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['accounts'],
        summary: 'Download one of your data exports (a zip) while it is ready',
        description:
          "Someone else's export answers 404; one still being prepared, or past its time, 409.",
        params: dataExportParamsSchema,
        response: {
          200: z.custom<Readable>().describe('The zip'),
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await exports.download(request.actor, request.params.id);
      void reply
        .headers({
          'cache-control': 'private, no-store',
          'content-disposition': `attachment; filename="${file.fileName}"`,
          'x-content-type-options': 'nosniff',
        })
        .type('application/zip');
      if (file.size !== undefined) void reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
