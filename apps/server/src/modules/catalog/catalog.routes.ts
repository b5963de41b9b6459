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
import { signedIn } from '../../lib/access.ts';
import { cacheKey } from '../../lib/response-cache.ts';
import {
  getAdvertisements,
  getCategories,
  getCategoryProducts,
  resolveCategory,
} from './catalog.service.ts';
import { IssuedCursors } from './issued-cursors.ts';
import { CategoryPageAnchors } from './page-anchors.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const pageAnchors = new CategoryPageAnchors();
  const issuedCursors = new IssuedCursors();

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
        response: { 200: z.array(advertisementSchema) },
      },
    },
    async (request, reply) =>
      app.catalogCache.send(reply, cacheKey('advertisement', request.query), async () => {
        const body = await getAdvertisements(app.db, request.query);
        // Pages past the end are as many as there are page numbers: answered, not kept.
        return { body, keep: body.length > 0 || request.query.page === 1 };
      }),
  );

  app.get(
    '/products/:categoryName',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['catalog'],
        summary: 'Products of a category, newest first (signed-in users)',
        description: `The total is in ${TOTAL_COUNT_HEADER}. Pass the ${NEXT_CURSOR_HEADER} of a page as cursor to get the next one; page works too.`,
        params: categoryParamsSchema,
        querystring: categoryProductsQuerySchema,
        response: { 200: z.array(productSchema), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const category = resolveCategory(request.params.categoryName);
      const { query } = request;
      return app.catalogCache.send(reply, cacheKey(`products/${category}`, query), async () => {
        const result = await getCategoryProducts(app.db, pageAnchors, category, query);
        const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(result.total) };
        if (result.nextCursor) {
          headers[NEXT_CURSOR_HEADER] = result.nextCursor;
          issuedCursors.remember(category, result.nextCursor);
        }
        // Kept: pages readers share. Made-up cursors, and pages past the end, are answered
        // without being kept, so no run of invented requests can fill the cache.
        const keep = query.cursor
          ? query.page === 1 && issuedCursors.has(category, query.cursor)
          : result.products.length > 0 || query.page === 1;
        return { body: result.products, headers, keep };
      });
    },
  );
};
