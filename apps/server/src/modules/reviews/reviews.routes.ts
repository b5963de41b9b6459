import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REVIEW_EDIT_HOURS,
  REVIEW_WINDOW_DAYS,
  TOTAL_COUNT_HEADER,
  createSellerReviewSchema,
  editSellerReviewSchema,
  errorResponseSchema,
  idParamsSchema,
  lookupIdParamsSchema,
  replySellerReviewSchema,
  sellerProfileSchema,
  sellerReviewSchema,
  sellerReviewsQuerySchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { addressKey, pageAddress } from '../../lib/page-address.ts';
import { cacheKey } from '../../lib/response-cache.ts';
import { createReview, editReview, getSellerReviews, replyToReview } from './reviews.service.ts';
import { getSellerProfile } from './seller-profile.service.ts';

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seller-reviews',
    {
      preValidation: onlyRoles('buyer'),
      // The seller's stars show on every card of theirs and on their profile.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['reviews'],
        summary: 'Review the seller of one of your completed deals',
        description: `Only the buyer of a completed deal, once per deal (409 for a second), within ${REVIEW_WINDOW_DAYS} days of the hand-over (403 after). Someone else's deal answers 404.`,
        body: createSellerReviewSchema,
        response: { 201: sellerReviewSchema, 403: errorResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const review = await createReview(app.db, app.notifier, request.actor, request.body);
      return reply.code(201).send(review);
    },
  );

  app.put(
    '/seller-reviews/:id',
    {
      preValidation: onlyRoles('buyer'),
      config: { changes: ['catalog'] },
      schema: {
        tags: ['reviews'],
        summary: 'Change your review',
        description: `Its author only, within ${REVIEW_EDIT_HOURS} hours of writing it (403 after). Someone else's review answers 404.`,
        params: idParamsSchema,
        body: editSellerReviewSchema,
        response: { 200: sellerReviewSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => editReview(app.db, request.actor, request.params.id, request.body),
  );

  app.post(
    '/seller-reviews/:id/reply',
    {
      preValidation: onlyRoles('seller'),
      // The reply shows under the review on the seller's profile.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['reviews'],
        summary: 'Reply to a review of you, once',
        description:
          'The reviewed seller only; 409 when they already replied. A review of someone else answers 404.',
        params: idParamsSchema,
        body: replySellerReviewSchema,
        response: { 200: sellerReviewSchema, ...refusals },
      },
    },
    async (request) => replyToReview(app.db, request.actor, request.params.id, request.body.text),
  );

  app.get(
    '/sellers/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: "A seller's public profile: figures, stars, reply time and listings on offer",
        description:
          "Public. 404 for an unknown id (or one longer than 64 characters) and for accounts that are not sellers. The reply time is the median minutes from a waiting buyer's message to the seller's answer over the last 30 days; null with fewer than 3 answers.",
        params: lookupIdParamsSchema,
        response: { 200: sellerProfileSchema, 404: errorResponseSchema },
      },
    },
    // Shared by every visitor; reviews and deals clear it (changes: ['catalog']).
    async (request, reply) =>
      app.catalogCache.send(
        reply,
        cacheKey('seller', request.params, addressKey(app.config, request)),
        async () => ({
          body: await getSellerProfile(app.db, request.params.id, pageAddress(app.config, request)),
        }),
      ),
  );

  app.get(
    '/sellers/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A seller's reviews, newest first, with their replies",
        description: `Public. The total is in ${TOTAL_COUNT_HEADER}. 404 for an unknown id and for accounts that are not sellers.`,
        params: lookupIdParamsSchema,
        querystring: sellerReviewsQuerySchema,
        response: { 200: z.array(sellerReviewSchema), 404: errorResponseSchema },
      },
    },
    async (request, reply) =>
      app.catalogCache.send(
        reply,
        cacheKey('seller-reviews', request.params, request.query),
        async () => {
          const page = await getSellerReviews(app.db, request.params.id, request.query);
          return {
            body: page.items,
            headers: { [TOTAL_COUNT_HEADER]: String(page.total) },
            // Pages past the end are as many as there are page numbers: answered, not kept.
            keep: page.items.length > 0 || request.query.page === 1,
          };
        },
      ),
  );
};
