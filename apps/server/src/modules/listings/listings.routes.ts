import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlace } from '../places/public.ts';
import {
  deletedCountSchema,
  emailPageQuerySchema,
  emailQuerySchema,
  errorResponseSchema,
  modifiedCountSchema,
  myProductSchema,
  newProductSchema,
  idParamsSchema,
  productPatchSchema,
  productSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { listRoute, ownItemRoute } from '../../lib/route-shapes.ts';
import {
  addProduct,
  advertiseProduct,
  deleteProduct,
  getSellerProducts,
  updateProduct,
} from './listings.service.ts';
import { refinePhotoUrls } from './photo-urls.ts';
import { ImeiHasher } from '../phone-facts/public.ts';
import {
  IMEI_CHANGES_PER_LISTING,
  IMEI_CHANGES_PER_SELLER,
  IMEI_POSTS_PER_SELLER,
  createImeiPostLimit,
  createImeiChangeLimit,
} from './imei-change-limits.ts';

export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const imeis = new ImeiHasher(app.config.authSecret);
  const imeiChanges = { hasher: imeis, limit: createImeiChangeLimit(app) };
  const imeiPosts = createImeiPostLimit(app);

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
        description:
          '`imei` (optional; spaces and dashes allowed) is kept only as a keyed hash; no digit ' +
          'of it is kept or shown. A listing whose IMEI another unsold listing has is held for a ' +
          'moderator and reported. `model` is stored as every spelling of it agrees ' +
          '("iphone13" is "iPhone 13"); left out, it is the known model the name names. A seller ' +
          `posts at most ${IMEI_POSTS_PER_SELLER} listings with an IMEI a day (429 with ` +
          'Retry-After; a listing without one is not counted).',
        querystring: emailQuerySchema,
        body: refinePhotoUrls(app.imageUrls, app.imageUrls.refine(newProductSchema, 'imgURL')),
        response: { 200: productSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // A place no one can choose is refused before the day's allowance is counted.
      if (request.body.placeId) requirePlace(app.places, request.body.placeId, 'placeId');
      if (request.body.imei) {
        const refused = await imeiPosts(request.actor.id);
        if (refused) throw refused;
      }
      return addProduct(
        app.db,
        request.actor,
        request.query.email,
        request.body,
        imeis,
        new Date(),
        app.places,
      );
    },
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

  app.patch(
    '/my-products/:id',
    {
      preValidation: onlyRoles('seller'),
      config: { changes: ['catalog'] },
      schema: {
        tags: ['listings'],
        summary: 'Change one of your listings: any field, its details and its photos',
        description:
          'Fields left out stay as they are. `photos` replaces the list (the first is the cover, ' +
          'also answered as imgURL). A price change is kept in the price history. `imei` ' +
          'replaces the IMEI (null removes it): a new one holds the listing for a moderator, ' +
          'whether or not another listing has it, and the seller reads "Waiting for a moderator" ' +
          `either way. An IMEI can be changed ${IMEI_CHANGES_PER_LISTING} times a day per listing ` +
          `and ${IMEI_CHANGES_PER_SELLER} times a day per seller (429 with Retry-After). ` +
          "A sold listing cannot be changed (409); someone else's answers 404.",
        params: idParamsSchema,
        body: refinePhotoUrls(app.imageUrls, app.imageUrls.refine(productPatchSchema, 'imgURL')),
        response: {
          200: productSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) =>
      updateProduct(
        app.db,
        app.notifier,
        request.actor,
        request.params.id,
        request.body,
        imeiChanges,
        new Date(),
        app.places,
      ),
  );

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
