import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blogItemSchema, reviewSchema } from '@market/shared';
import { getBlogs, getReviews } from './content.service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags: ['content'],
        summary: 'Client testimonials',
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request, reply) =>
      app.catalogCache.send(reply, 'reviews', async () => ({
        body: await getReviews(app.db),
      })),
  );

  app.get(
    '/blogs',
    {
      schema: {
        tags: ['content'],
        summary: 'Question-and-answer blog items',
        response: { 200: z.array(blogItemSchema) },
      },
    },
    async (request, reply) =>
      app.catalogCache.send(reply, 'blogs', async () => ({
        body: await getBlogs(app.db),
      })),
  );
};
