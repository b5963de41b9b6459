import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedCountSchema,
  emailPageQuerySchema,
  emailQuerySchema,
  errorResponseSchema,
  modifiedCountSchema,
  myProductSchema,
  newProductSchema,
  productSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { listRoute, ownItemRoute } from '../../lib/route-shapes.ts';
import {
  addProduct,
  advertiseProduct,
  deleteProduct,
  getSellerProducts,
} from './listings.service.ts';

export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/my-products', {
    guard: onlyRoles('seller'),
    tag: 'listings',
    summary: "The signed-in seller's products, newest first, each with how many buyers booked it",
    querystring: emailPageQuerySchema,
    item: myProductSchema,
    list: ({ actor, query }) => getSellerProducts(app.db, actor, query),
  });

  app.post(
    '/add-product',
    {
      preValidation: onlyRoles('seller'),
      config: { changes: ['catalog'] },
      schema: {
        tags: ['listings'],
        summary: 'Post a product as the signed-in seller',
        querystring: emailQuerySchema,
        body: app.imageUrls.refine(newProductSchema, 'imgURL'),
        response: { 200: productSchema, 404: errorResponseSchema },
      },
    },
    async (request) => addProduct(app.db, request.actor, request.query.email, request.body),
  );

  ownItemRoute(app, {
    method: 'PUT',
    url: '/my-products/:id',
    guard: onlyRoles('seller'),
    changes: ['catalog'],
    tag: 'listings',
    summary: 'Advertise one of your products',
    answer: modifiedCountSchema,
    run: async ({ actor, id }) => ({ modifiedCount: await advertiseProduct(app.db, actor, id) }),
  });

  ownItemRoute(app, {
    method: 'DELETE',
    url: '/my-products/:id',
    guard: onlyRoles('seller'),
    changes: ['catalog'],
    tag: 'listings',
    summary: 'Delete one of your products',
    answer: deletedCountSchema,
    run: async ({ actor, id }) => ({ deletedCount: await deleteProduct(app.db, actor, id) }),
  });
};
