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
    async () => getCategories(app.db),
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
    async (request) => getAdvertisements(app.db, request.query),
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
      const page = await getCategoryProducts(
        app.db,
        pageAnchors,
        request.params.categoryName,
        request.query,
      );
      void reply.header(TOTAL_COUNT_HEADER, String(page.total));
      if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.products;
    },
  );
};
