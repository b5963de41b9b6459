import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  advertisementSchema,
  categoryParamsSchema,
  categoryProductsQuerySchema,
  categorySchema,
  errorResponseSchema,
  paginationQuerySchema,
  productSchema,
} from '@market/shared';
import { requireActor } from '../../lib/actor.ts';
import { getAdvertisements, getCategories, getCategoryProducts } from './catalog.service.ts';
import { CategoryPageAnchors } from './page-anchors.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const pageAnchors = new CategoryPageAnchors();

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'All categories in display order',
        response: { 200: z.array(categorySchema) },
      },
    },
    async (request, reply) =>
      app.catalogCache.send(reply, 'categories', async () => ({
        body: await getCategories(app.db),
      })),
  );

  app.get(
    '/advertisement',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Advertised products, newest first',
        querystring: paginationQuerySchema,
        response: { 200: z.array(advertisementSchema), 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      app.catalogCache.send(
        reply,
        `advertisement:${request.query.page}:${request.query.limit}`,
        async () => ({ body: await getAdvertisements(app.db, request.query) }),
      ),
  );

  app.get(
    '/products/:categoryName',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products of a category, newest first (signed-in users)',
        description: `The total is in ${TOTAL_COUNT_HEADER}. Pass the ${NEXT_CURSOR_HEADER} of a page as cursor to get the next one; page works too.`,
        params: categoryParamsSchema,
        querystring: categoryProductsQuerySchema,
        response: {
          200: z.array(productSchema),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await requireActor(request);
      const { categoryName } = request.params;
      const { page, limit, cursor } = request.query;
      const key = `products:${categoryName.toLowerCase()}:${page}:${limit}:${cursor ?? ''}`;
      return app.catalogCache.send(reply, key, async () => {
        const result = await getCategoryProducts(app.db, pageAnchors, categoryName, request.query);
        const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(result.total) };
        if (result.nextCursor) headers[NEXT_CURSOR_HEADER] = result.nextCursor;
        return { body: result.products, headers };
      });
    },
  );
};
