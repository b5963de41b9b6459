import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TOTAL_COUNT_HEADER,
  deletedCountSchema,
  emailPageQuerySchema,
  emailQuerySchema,
  errorResponseSchema,
  idParamsSchema,
  modifiedCountSchema,
  newProductSchema,
  productSchema,
} from '@market/shared';
import { assertOwnEmail, requireRole } from '../../lib/actor.ts';
import {
  addProduct,
  advertiseProduct,
  deleteProduct,
  getSellerProducts,
} from './listings.service.ts';

// Checked before the request is validated, so a stranger learns nothing from validation errors.
const sellersOnly = async (request: FastifyRequest) => {
  await requireRole(request, 'seller');
};

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/my-products',
    {
      preValidation: sellersOnly,
      schema: {
        tags: ['listings'],
        summary: "The signed-in seller's products, newest first",
        querystring: emailPageQuerySchema,
        response: { 200: z.array(productSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const seller = await requireRole(request, 'seller');
      assertOwnEmail(seller, request.query.email);
      const { products, total } = await getSellerProducts(app.db, seller, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return products;
    },
  );

  app.post(
    '/add-product',
    {
      preValidation: sellersOnly,
      schema: {
        tags: ['listings'],
        summary: 'Post a product as the signed-in seller',
        querystring: emailQuerySchema,
        body: newProductSchema,
        response: { 200: productSchema, ...refusals },
      },
    },
    async (request) => {
      const seller = await requireRole(request, 'seller');
      assertOwnEmail(seller, request.query.email);
      return addProduct(app.db, seller, request.body);
    },
  );

  app.put(
    '/my-products/:id',
    {
      preValidation: sellersOnly,
      schema: {
        tags: ['listings'],
        summary: 'Advertise one of your products',
        params: idParamsSchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) => {
      const seller = await requireRole(request, 'seller');
      return { modifiedCount: await advertiseProduct(app.db, seller, request.params.id) };
    },
  );

  app.delete(
    '/my-products/:id',
    {
      preValidation: sellersOnly,
      schema: {
        tags: ['listings'],
        summary: 'Delete one of your products',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...refusals },
      },
    },
    async (request) => {
      const seller = await requireRole(request, 'seller');
      return { deletedCount: await deleteProduct(app.db, seller, request.params.id) };
    },
  );
};
