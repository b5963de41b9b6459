import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEW_ACCOUNT_OFFERS_MAX,
  NEW_ACCOUNT_OFFER_HOURS,
  OFFERS_PER_HOUR,
  OFFER_EXPIRY_HOURS,
  OFFER_ROUNDS_MAX,
  SAVED_OFFER_HOURS,
  counterOfferSchema,
  createOfferSchema,
  errorResponseSchema,
  idParamsSchema,
  offerRulesSchema,
  offerRulesViewSchema,
  offerSchema,
  savedOfferResultSchema,
  savedOfferSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { tooManyRequests } from '../../plugins/rate-limit.ts';
import {
  acceptOffer,
  counterOffer,
  createOffer,
  declineOffer,
  getOffer,
  getOfferRules,
  offerToSavers,
  setOfferRules,
} from './offers.service.ts';

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };
const limited = { 429: errorResponseSchema };
const NO_STORE = 'private, no-store';

/*
 * Offers (decision 0035). Every step is an event card in the buyer's conversation about the
 * listing and a notice to the other side; an accepted offer is the buyer's booking request at
 * the agreed price. No step changes what a listing's card shows: the listing stays available
 * until the seller accepts the request with a meeting.
 */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each offer notifies and emails the seller: a buyer cannot flood one with offers.
  const offers = app.rateLimiter({ name: 'offers', max: OFFERS_PER_HOUR, windowSeconds: 60 * 60 });

  app.post(
    '/offers',
    {
      preValidation: onlyRoles('buyer'),
      config: { changes: [] },
      schema: {
        tags: ['offers'],
        summary: 'Offer a price for a listing, with an optional note',
        description:
          `Opens an offer waiting for the seller, shown in the buyer's conversation about the listing; it expires ${OFFER_EXPIRY_HOURS} hours after its last step. The price must be below the listed price (400). ` +
          `409 for a sold, reserved or held listing, when the buyer already has an open offer or request for it, and after ${OFFER_ROUNDS_MAX} offers for one listing. ` +
          "The seller's floor declines it at once and their automatic accept price accepts it at once (the answer shows which). " +
          `429 past ${OFFERS_PER_HOUR} offers an hour, and past ${NEW_ACCOUNT_OFFERS_MAX} offers in an account's first ${NEW_ACCOUNT_OFFER_HOURS} hours.`,
        body: createOfferSchema,
        response: { 200: offerSchema, ...refusals, ...limited },
      },
    },
    async (request) => {
      const wait = await offers.consume(request.actor.id);
      if (wait !== null) throw tooManyRequests('offers', wait);
      return createOffer(app.db, app.notifier, request.actor, request.body);
    },
  );

  app.get(
    '/offers/:id',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      schema: {
        tags: ['offers'],
        summary: 'One offer, as its buyer or the seller of its listing sees it',
        description:
          'With what the caller can do now (`actions`). Anyone else, admins included, is told it does not exist (404).',
        params: idParamsSchema,
        response: { 200: offerSchema, ...refusals },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      return getOffer(app.db, request.actor, request.params.id);
    },
  );

  app.post(
    '/offers/:id/accept',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      config: { changes: [] },
      schema: {
        tags: ['offers'],
        summary: 'Accept an offer waiting for your answer',
        description:
          "The seller accepts the buyer's offer, or the buyer the seller's counter-offer. It becomes the buyer's booking request at that price, already agreed: the seller then sets the meeting's time and place in My Buyers. The listing's own price does not change. " +
          'When the price is far below the fair median of comparable phones, both sides are reminded to meet in public and check the phone (`farBelowMedian`). 409 when the offer is not open, waits for the other side, or the listing is sold, reserved or held.',
        params: idParamsSchema,
        response: { 200: offerSchema, ...refusals },
      },
    },
    async (request) => acceptOffer(app.db, app.notifier, request.actor, request.params.id),
  );

  app.post(
    '/offers/:id/decline',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      config: { changes: [] },
      schema: {
        tags: ['offers'],
        summary: 'Decline an offer waiting for your answer',
        description:
          'The seller declines an offer, or the buyer a counter-offer. 409 when the offer is not open or waits for the other side.',
        params: idParamsSchema,
        response: { 200: offerSchema, ...refusals },
      },
    },
    async (request) => declineOffer(app.db, app.notifier, request.actor, request.params.id),
  );

  app.post(
    '/offers/:id/counter',
    {
      preValidation: onlyRoles('seller'),
      config: { changes: [] },
      schema: {
        tags: ['offers'],
        summary: "Counter a buyer's offer with a higher price",
        description: `More than the buyer's offer and at most the listed price (400). The buyer may accept or decline it within ${OFFER_EXPIRY_HOURS} hours. 409 when the offer is not open or already countered.`,
        params: idParamsSchema,
        body: counterOfferSchema,
        response: { 200: offerSchema, ...refusals },
      },
    },
    async (request) =>
      counterOffer(app.db, app.notifier, request.actor, request.params.id, request.body),
  );

  app.get(
    '/me/listings/:id/offer-rules',
    {
      preValidation: onlyRoles('seller'),
      schema: {
        tags: ['offers', 'listings'],
        summary: "One of your listings' automatic answers to offers",
        description:
          'The floor below which offers are declined (never shown to buyers), the price from which they are accepted, how many buyers saved the listing, and when it can next be offered to them.',
        params: idParamsSchema,
        response: { 200: offerRulesViewSchema, ...refusals },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      return getOfferRules(app.db, request.actor, request.params.id);
    },
  );

  app.put(
    '/me/listings/:id/offer-rules',
    {
      preValidation: onlyRoles('seller'),
      config: { changes: [] },
      schema: {
        tags: ['offers', 'listings'],
        summary: "Set or clear one of your listings' automatic answers to offers",
        description:
          'null clears a rule. The floor must be below the automatic accept price, and neither more than the listed price (400).',
        params: idParamsSchema,
        body: offerRulesSchema,
        response: { 200: offerRulesViewSchema, ...refusals },
      },
    },
    async (request) =>
      setOfferRules(app.db, app.notifier, request.actor, request.params.id, request.body),
  );

  app.post(
    '/me/listings/:id/offer-to-savers',
    {
      preValidation: onlyRoles('seller'),
      config: { changes: [] },
      schema: {
        tags: ['offers', 'listings'],
        summary: 'Offer one of your listings to everyone who saved it',
        description:
          `One price below the listed one, sent as an offer to every buyer with the listing in their wish list (those with an open offer or request for it are skipped), each notified. Once per listing per ${SAVED_OFFER_HOURS} hours (429 with Retry-After). ` +
          '409 when nobody saved it, or it is sold, reserved or held.',
        params: idParamsSchema,
        body: savedOfferSchema,
        response: { 200: savedOfferResultSchema, ...refusals, ...limited },
      },
    },
    async (request) =>
      offerToSavers(app.db, app.notifier, request.actor, request.params.id, request.body),
  );
};
