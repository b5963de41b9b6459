import crypto from 'node:crypto';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasValidImeiCheckDigit, type Booking, type SellerBuyer } from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createCallers, createUser, type TestUser } from './factories.ts';
import {
  call,
  insertProducts,
  insertWishlistItem,
  multipartForm,
  productForm,
  snapshot,
} from './helpers/market.ts';
import { acceptBody, insertRequests, passingAnswers } from './helpers/deal.ts';
import { insertConversations, openStream } from './helpers/conversations.ts';
import { insertModerationRows } from './helpers/moderation.ts';
import { insertReviewedDeals } from './helpers/reviews.ts';
import { insertMeeting } from './helpers/check-ins.ts';
import { valueWriters } from '../src/db/dialect.ts';
import { UnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token.ts';
import { MeetingPlanLinks } from '../src/modules/bookings/meeting-plan.service.ts';

const ACTORS = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const;
type ActorName = (typeof ACTORS)[number];
type Users = Record<Exclude<ActorName, 'anonymous'>, TestUser>;

/** Fresh rows for each request, owned by `seller` and `buyer`, so no case depends on another. */
interface Fixture {
  productId: string;
  wishlistItemId: string;
  /** A seller only the admin calls act on; created only when a case needs one. */
  member: TestUser | null;
  /** `buyer`'s waiting request and accepted request (with its code) for two other products. */
  requestedId: string;
  acceptedId: string;
  code: string;
  /** `buyer`'s only saved search. */
  savedSearchId: string;
  /** `buyer`'s completed deal with `seller`, not yet reviewed, and a review of another one. */
  completedId: string;
  reviewId: string;
  /** A conversation of `buyer` with `seller` about `productId`, and one `buyer` blocked. */
  conversationId: string;
  blockedConversationId: string;
  /** The message `seller` wrote in that conversation. */
  messageId: string;
  /** An unread notification of `buyer`. */
  notificationId: string;
  /** `otherBuyer`'s open report about `otherSeller`, a hidden listing of `seller`, a suspended seller. */
  reportId: string;
  hiddenProductId: string;
  suspendedUserId: string;
  /** `buyer`'s accepted meeting with `seller` under way now, and one where `buyer` did not come. */
  meetingNowId: string;
  noShowId: string;
  /** `buyer`'s active stolen-phone report; `productId`'s possession photo waiting for review. */
  stolenReportId: string;
  /** `buyer`'s open offer for `productId`, waiting for `seller`; a listing nobody offered for. */
  offerId: string;
  unofferedProductId: string;
  /** The link `buyer` shared to the meeting plan of `acceptedId`: its token. */
  meetingPlanToken: string;
  /** A listed safe meeting spot. */
  meetingSpotId: string;
  /** The push service address of a device of `buyer`. */
  pushEndpoint: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Case {
  label: string;
  /** The route this case calls, as the server registers it: method and path pattern. */
  route: `${Method} /api/${string}`;
  url(users: Users, fx: Fixture): string;
  body?(users: Users, fx: Fixture): unknown;
  /** A file upload instead of a JSON body. */
  upload?: boolean;
  needsMember?: boolean;
  /** The call changes the caller (a buyer becomes a seller): each row calls as a new user. */
  freshCaller?: boolean;
  /** An endless answer (an event stream): only its status and headers are awaited. */
  stream?: boolean;
  expected: Record<ActorName, number>;
  /** What some callers read in the answer, beyond its status. */
  answers?: Partial<Record<ActorName, unknown>>;
}

const everyone = (status: number) =>
  Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<ActorName, number>;
const signedIn = { ...everyone(200), anonymous: 401 };
const onlyAdmin = { ...everyone(403), anonymous: 401, admin: 200 };
const ownSellerList = { ...everyone(403), anonymous: 401, seller: 200 };
const ownSellerProduct = { ...ownSellerList, otherSeller: 404 };
const ownBuyerList = { ...everyone(403), anonymous: 401, buyer: 200 };
const buyerOrAdmin = { ...ownBuyerList, admin: 200 };
const anyBuyer = { ...ownBuyerList, otherBuyer: 200 };
const anySeller = { ...everyone(403), anonymous: 401, seller: 200, otherSeller: 200 };
const q = (email: string) => encodeURIComponent(email);
/** A request's seller only; other sellers are told it does not exist. */
const requestSeller = { ...ownSellerProduct };
/** Either side of a request; other buyers and sellers are told it does not exist. */
const requestParties = { ...ownSellerProduct, buyer: 200, otherBuyer: 404 };
/** A request's buyer only (the check at hand-over); other buyers are told it does not exist. */
const requestBuyer = { ...ownBuyerList, otherBuyer: 404 };
/** The refusal of a thing someone else owns, the same as of one that does not exist. */
const noSuch = (message: string, reason: string) => ({
  error: { code: 'NOT_FOUND', message, reason },
});
/** A made-up id of something that does not exist. */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The two parties of a conversation; anyone else, admins included, is told it does not exist. */
const conversationParties = (status: number) => ({
  ...everyone(404),
  anonymous: 401,
  buyer: status,
  seller: status,
});

const CASES: Case[] = [
  {
    label: "GET /jwt?email=<buyer's>",
    route: 'GET /api/jwt',
    url: (u) => `/api/jwt?email=${q(u.buyer.email)}`,
    expected: ownBuyerList,
  },
  { label: 'GET /me', route: 'GET /api/me', url: () => '/api/me', expected: signedIn },
  {
    label: 'GET /session',
    route: 'GET /api/session',
    url: () => '/api/session',
    expected: everyone(200),
  },
  {
    label: "PUT /users <buyer's profile>",
    route: 'PUT /api/users',
    url: () => '/api/users',
    body: (u) => ({ name: u.buyer.name, email: u.buyer.email, phone: '+15550123' }),
    expected: ownBuyerList,
  },
  {
    label: 'POST /me/become-seller',
    route: 'POST /api/me/become-seller',
    url: () => '/api/me/become-seller',
    freshCaller: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 409,
      otherSeller: 409,
      admin: 403,
    },
  },
  {
    label: 'POST /me/become-buyer',
    route: 'POST /api/me/become-buyer',
    url: () => '/api/me/become-buyer',
    // A new seller has no listing: they may go back to buying.
    freshCaller: true,
    expected: {
      anonymous: 401,
      buyer: 409,
      otherBuyer: 409,
      seller: 200,
      otherSeller: 200,
      admin: 403,
    },
  },
  {
    label: "GET /users/buyers/<buyer's email>",
    route: 'GET /api/users/buyers/:email',
    url: (u) => `/api/users/buyers/${q(u.buyer.email)}`,
    expected: buyerOrAdmin,
  },
  {
    label: "GET /users/seller/<buyer's email>",
    route: 'GET /api/users/seller/:email',
    url: (u) => `/api/users/seller/${q(u.buyer.email)}`,
    expected: buyerOrAdmin,
  },
  {
    label: "GET /users/admin/<buyer's email>",
    route: 'GET /api/users/admin/:email',
    url: (u) => `/api/users/admin/${q(u.buyer.email)}`,
    expected: buyerOrAdmin,
  },
  {
    label: "GET /seller-role?email=<seller's>",
    route: 'GET /api/seller-role',
    url: (u) => `/api/seller-role?email=${q(u.seller.email)}`,
    expected: everyone(200),
  },
  {
    label: 'GET /app-config',
    route: 'GET /api/app-config',
    url: () => '/api/app-config',
    expected: everyone(200),
  },
  {
    label: 'GET /categories',
    route: 'GET /api/categories',
    url: () => '/api/categories',
    expected: everyone(200),
  },
  {
    label: 'GET /advertisement',
    route: 'GET /api/advertisement',
    url: () => '/api/advertisement',
    expected: everyone(200),
  },
  {
    label: 'GET /reviews',
    route: 'GET /api/reviews',
    url: () => '/api/reviews',
    expected: everyone(200),
  },
  {
    label: 'GET /blogs',
    route: 'GET /api/blogs',
    url: () => '/api/blogs',
    expected: everyone(200),
  },
  {
    label: 'GET /products/:category',
    route: 'GET /api/products/:categoryName',
    url: () => '/api/products/iPhone',
    expected: signedIn,
  },
  {
    label: "GET /my-products?email=<seller's>",
    route: 'GET /api/my-products',
    url: (u) => `/api/my-products?email=${q(u.seller.email)}`,
    expected: ownSellerList,
  },
  {
    label: "POST /add-product?email=<seller's>",
    route: 'POST /api/add-product',
    url: (u) => `/api/add-product?email=${q(u.seller.email)}`,
    body: () => productForm(),
    expected: ownSellerList,
  },
  {
    label: "PUT /my-products/<seller's product>",
    route: 'PUT /api/my-products/:id',
    url: (_u, fx) => `/api/my-products/${fx.productId}`,
    expected: ownSellerProduct,
  },
  {
    label: "PATCH /my-products/<seller's product>",
    route: 'PATCH /api/my-products/:id',
    url: (_u, fx) => `/api/my-products/${fx.productId}`,
    body: () => ({ resellPrice: 99, batteryHealth: 90 }),
    expected: ownSellerProduct,
  },
  {
    label: 'GET /product/<a listing>',
    route: 'GET /api/product/:id',
    url: (_u, fx) => `/api/product/${fx.productId}`,
    expected: everyone(200),
  },
  {
    label: 'GET /product/<a listing>/similar',
    route: 'GET /api/product/:id/similar',
    url: (_u, fx) => `/api/product/${fx.productId}/similar`,
    expected: everyone(200),
  },
  {
    label: 'GET /product/<a hidden listing>/similar',
    route: 'GET /api/product/:id/similar',
    url: (_u, fx) => `/api/product/${fx.hiddenProductId}/similar`,
    expected: everyone(200),
  },
  {
    label: 'GET /product/<an id of 65 characters>',
    route: 'GET /api/product/:id',
    url: () => `/api/product/${'a'.repeat(65)}`,
    expected: everyone(404),
  },
  {
    label: "DELETE /my-products/<seller's product>",
    route: 'DELETE /api/my-products/:id',
    url: (_u, fx) => `/api/my-products/${fx.productId}`,
    expected: ownSellerProduct,
  },
  {
    label: "GET /booking?email=<buyer's>",
    route: 'GET /api/booking',
    url: (u) => `/api/booking?email=${q(u.buyer.email)}`,
    expected: ownBuyerList,
  },
  {
    label: 'POST /booking',
    route: 'POST /api/booking',
    url: () => '/api/booking',
    body: (_u, fx) => ({ productId: fx.productId, phone: '01712345678', location: 'Uttara' }),
    expected: anyBuyer,
  },
  {
    label: "POST /booking/<seller's request>/accept",
    route: 'POST /api/booking/:id/accept',
    url: (_u, fx) => `/api/booking/${fx.requestedId}/accept`,
    body: () => acceptBody(),
    expected: requestSeller,
    answers: { otherSeller: noSuch('No such booking', 'common.noSuch.booking') },
  },
  {
    label: "POST /booking/<seller's request>/decline",
    route: 'POST /api/booking/:id/decline',
    url: (_u, fx) => `/api/booking/${fx.requestedId}/decline`,
    body: () => ({ reason: 'Sold it to a friend' }),
    expected: requestSeller,
  },
  {
    label: 'POST /booking/<request of buyer and seller>/cancel',
    route: 'POST /api/booking/:id/cancel',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/cancel`,
    body: () => ({ reason: 'Cannot come' }),
    expected: requestParties,
    answers: {
      otherBuyer: noSuch('No such booking', 'common.noSuch.booking'),
      otherSeller: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: 'POST /booking/<no such request>/cancel',
    route: 'POST /api/booking/:id/cancel',
    url: () => `/api/booking/${MISSING_ID}/cancel`,
    body: () => ({ reason: 'Cannot come' }),
    expected: { ...requestParties, buyer: 404, seller: 404 },
    answers: {
      buyer: noSuch('No such booking', 'common.noSuch.booking'),
      seller: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: 'POST /booking/<request of buyer and seller>/cancel with a preset reason',
    route: 'POST /api/booking/:id/cancel',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/cancel`,
    body: () => ({ preset: 'meeting_unsuitable', reason: 'Later in the week?' }),
    expected: requestParties,
  },
  {
    label: "POST /booking/<seller's accepted request>/complete",
    route: 'POST /api/booking/:id/complete',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/complete`,
    body: (_u, fx) => ({ code: fx.code }),
    expected: requestSeller,
    answers: { otherSeller: noSuch('No such booking', 'common.noSuch.booking') },
  },
  {
    label: 'GET /booking/<accepted request>/calendar.ics',
    route: 'GET /api/booking/:id/calendar.ics',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/calendar.ics`,
    expected: requestParties,
    answers: {
      otherBuyer: noSuch('No such booking', 'common.noSuch.booking'),
      otherSeller: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: 'POST /booking/<meeting under way>/check-in',
    route: 'POST /api/booking/:id/check-in',
    url: (_u, fx) => `/api/booking/${fx.meetingNowId}/check-in`,
    expected: requestParties,
    answers: {
      otherBuyer: noSuch('No such booking', 'common.noSuch.booking'),
      otherSeller: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: "PUT /booking/<buyer's missed meeting>/no-show-reason",
    route: 'PUT /api/booking/:id/no-show-reason',
    url: (_u, fx) => `/api/booking/${fx.noShowId}/no-show-reason`,
    body: () => ({ reason: 'My bus broke down' }),
    // The seller came: there is no no-show of theirs to explain.
    expected: { ...requestParties, seller: 409 },
    answers: {
      otherBuyer: noSuch('No such booking', 'common.noSuch.booking'),
      otherSeller: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: 'GET /booking/<accepted request>/inspection',
    route: 'GET /api/booking/:id/inspection',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/inspection`,
    expected: requestParties,
    answers: {
      buyer: expect.objectContaining({ status: 'not_started', required: false, imei: 'skipped' }),
      seller: expect.objectContaining({ status: 'not_started', required: false, imei: 'skipped' }),
      otherBuyer: noSuch('No such booking', 'common.noSuch.booking'),
      otherSeller: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: 'GET /booking/<no such request>/inspection',
    route: 'GET /api/booking/:id/inspection',
    url: () => `/api/booking/${MISSING_ID}/inspection`,
    expected: { ...requestParties, buyer: 404, seller: 404 },
    answers: {
      buyer: noSuch('No such booking', 'common.noSuch.booking'),
      seller: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: "PUT /booking/<buyer's accepted request>/inspection",
    route: 'PUT /api/booking/:id/inspection',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/inspection`,
    body: () => passingAnswers(),
    expected: requestBuyer,
    answers: {
      buyer: expect.objectContaining({ status: 'complete' }),
      otherBuyer: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: "POST /booking/<buyer's accepted request>/inspection/imei",
    route: 'POST /api/booking/:id/inspection/imei',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/inspection/imei`,
    body: () => ({ imei: '490154203237518' }),
    // The listing has no IMEI: the buyer is told the step is skipped.
    expected: { ...requestBuyer, buyer: 409 },
    answers: {
      buyer: {
        error: {
          code: 'CONFLICT',
          message: 'This listing has no IMEI to check: the step is skipped',
          reason: 'bookings.inspection.noImei',
        },
      },
      otherBuyer: noSuch('No such booking', 'common.noSuch.booking'),
    },
  },
  {
    label: "GET /booking/<buyer's accepted request>/code",
    route: 'GET /api/booking/:id/code',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/code`,
    // Accepted before the check began (as inserted): its code is shown without one.
    expected: requestBuyer,
    answers: { otherBuyer: noSuch('No such booking', 'common.noSuch.booking') },
  },
  {
    label: "GET /product/<seller's product>/history",
    route: 'GET /api/product/:id/history',
    url: (_u, fx) => `/api/product/${fx.productId}/history`,
    expected: everyone(200),
    answers: { anonymous: { imeiGiven: false, entries: [] } },
  },
  {
    label: "POST /my-products/<seller's product>/sold",
    route: 'POST /api/my-products/:id/sold',
    url: (_u, fx) => `/api/my-products/${fx.productId}/sold`,
    expected: ownSellerProduct,
  },
  {
    label: 'GET /my-buyers',
    route: 'GET /api/my-buyers',
    url: () => '/api/my-buyers',
    expected: anySeller,
  },
  {
    label: "GET /wish-list?email=<buyer's>",
    route: 'GET /api/wish-list',
    url: (u) => `/api/wish-list?email=${q(u.buyer.email)}`,
    expected: ownBuyerList,
  },
  {
    label: 'POST /wish-list',
    route: 'POST /api/wish-list',
    url: () => '/api/wish-list',
    body: (_u, fx) => ({ productId: fx.productId }),
    expected: anyBuyer,
  },
  {
    label: "DELETE /wish-list/<buyer's entry>",
    route: 'DELETE /api/wish-list/:id',
    url: (_u, fx) => `/api/wish-list/${fx.wishlistItemId}`,
    expected: { ...ownBuyerList, otherBuyer: 404 },
  },
  {
    label: 'GET /search?q=bulk&maxPrice=400',
    route: 'GET /api/search',
    url: () => '/api/search?q=bulk&maxPrice=400',
    expected: signedIn,
  },
  {
    label: 'GET /search/facets?q=bulk',
    route: 'GET /api/search/facets',
    url: () => '/api/search/facets?q=bulk',
    expected: signedIn,
  },
  {
    label: 'GET /search/suggest?q=bul',
    route: 'GET /api/search/suggest',
    url: () => '/api/search/suggest?q=bul',
    expected: everyone(200),
  },
  {
    label: 'GET /places/suggest?q=gul',
    route: 'GET /api/places/suggest',
    url: () => '/api/places/suggest?q=gul',
    expected: everyone(200),
  },
  {
    label: 'GET /places/2000000001',
    route: 'GET /api/places/:id',
    url: () => '/api/places/2000000001',
    expected: everyone(200),
  },
  {
    label: 'GET /me/area',
    route: 'GET /api/me/area',
    url: () => '/api/me/area',
    expected: signedIn,
    answers: { buyer: { area: null } },
  },
  {
    label: 'PUT /me/area {placeId: Gulshan}',
    route: 'PUT /api/me/area',
    url: () => '/api/me/area',
    body: () => ({ placeId: 2000000001 }),
    expected: signedIn,
  },
  {
    label: 'DELETE /me/area',
    route: 'DELETE /api/me/area',
    url: () => '/api/me/area',
    expected: signedIn,
    answers: { seller: { area: null } },
  },
  {
    label: 'GET /models?category=iPhone&q=13',
    route: 'GET /api/models',
    url: () => '/api/models?category=iPhone&q=13',
    expected: everyone(200),
  },
  {
    label: 'GET /price-median?category=iPhone&model=iPhone 13&storageGb=128',
    route: 'GET /api/price-median',
    url: () => '/api/price-median?category=iPhone&model=iPhone%2013&storageGb=128',
    expected: anySeller,
  },
  {
    label: 'GET /saved-searches',
    route: 'GET /api/saved-searches',
    url: () => '/api/saved-searches',
    expected: anyBuyer,
  },
  {
    label: 'POST /saved-searches',
    route: 'POST /api/saved-searches',
    url: () => '/api/saved-searches',
    body: () => ({ name: 'Cheap phones', filters: { q: 'bulk', maxPrice: 400 } }),
    expected: anyBuyer,
  },
  {
    label: "DELETE /saved-searches/<buyer's saved search>",
    route: 'DELETE /api/saved-searches/:id',
    url: (_u, fx) => `/api/saved-searches/${fx.savedSearchId}`,
    expected: { ...ownBuyerList, otherBuyer: 404 },
  },
  {
    label: "POST /saved-searches/<buyer's saved search>/viewed",
    route: 'POST /api/saved-searches/:id/viewed',
    url: (_u, fx) => `/api/saved-searches/${fx.savedSearchId}/viewed`,
    expected: { ...ownBuyerList, otherBuyer: 404 },
  },
  {
    label: "GET /me/marks?productIds=<seller's product>",
    route: 'GET /api/me/marks',
    url: (_u, fx) => `/api/me/marks?productIds=${fx.productId}`,
    expected: anyBuyer,
  },
  {
    label: "POST /seller-reviews <buyer's completed deal>",
    route: 'POST /api/seller-reviews',
    url: () => '/api/seller-reviews',
    body: (_u, fx) => ({ bookingId: fx.completedId, rating: 5, text: 'Smooth hand-over' }),
    expected: { ...ownBuyerList, buyer: 201, otherBuyer: 404 },
    answers: { otherBuyer: noSuch('No such deal among your orders', 'common.noSuch.deal') },
  },
  {
    label: 'POST /seller-reviews <no such deal>',
    route: 'POST /api/seller-reviews',
    url: () => '/api/seller-reviews',
    body: () => ({ bookingId: MISSING_ID, rating: 5, text: 'Smooth hand-over' }),
    expected: { ...ownBuyerList, buyer: 404, otherBuyer: 404 },
    answers: { buyer: noSuch('No such deal among your orders', 'common.noSuch.deal') },
  },
  {
    label: "PUT /seller-reviews/<buyer's review>",
    route: 'PUT /api/seller-reviews/:id',
    url: (_u, fx) => `/api/seller-reviews/${fx.reviewId}`,
    body: () => ({ rating: 3, text: 'Fine' }),
    expected: { ...ownBuyerList, otherBuyer: 404 },
    answers: { otherBuyer: noSuch('No such review of yours', 'common.noSuch.reviewOfYours') },
  },
  {
    label: 'POST /seller-reviews/<review of seller>/reply',
    route: 'POST /api/seller-reviews/:id/reply',
    url: (_u, fx) => `/api/seller-reviews/${fx.reviewId}/reply`,
    body: () => ({ text: 'Thank you!' }),
    expected: ownSellerProduct,
    answers: { otherSeller: noSuch('No such review of you', 'common.noSuch.reviewOfYou') },
  },
  {
    label: 'GET /sellers/<seller>',
    route: 'GET /api/sellers/:id',
    url: (u) => `/api/sellers/${u.seller.id}`,
    expected: everyone(200),
  },
  {
    label: 'GET /sellers/<seller>/reviews',
    route: 'GET /api/sellers/:id/reviews',
    url: (u) => `/api/sellers/${u.seller.id}/reviews?page=1&limit=5`,
    expected: everyone(200),
  },
  {
    label: "POST /conversations <seller's product>",
    route: 'POST /api/conversations',
    url: () => '/api/conversations',
    body: (_u, fx) => ({ productId: fx.productId, text: 'Is it still available?' }),
    // `buyer` already has a conversation about it (reused); `otherBuyer` starts one.
    expected: { ...everyone(403), anonymous: 401, buyer: 200, otherBuyer: 201 },
  },
  {
    label: 'GET /conversations',
    route: 'GET /api/conversations',
    url: () => '/api/conversations',
    expected: { ...everyone(200), anonymous: 401, admin: 403 },
  },
  {
    label: 'GET /conversations/<conversation>',
    route: 'GET /api/conversations/:id',
    url: (_u, fx) => `/api/conversations/${fx.conversationId}`,
    expected: conversationParties(200),
    answers: {
      otherBuyer: noSuch('No such conversation', 'common.noSuch.conversation'),
      otherSeller: noSuch('No such conversation', 'common.noSuch.conversation'),
      admin: noSuch('No such conversation', 'common.noSuch.conversation'),
    },
  },
  {
    label: 'GET /conversations/<conversation>/messages',
    route: 'GET /api/conversations/:id/messages',
    url: (_u, fx) => `/api/conversations/${fx.conversationId}/messages`,
    expected: conversationParties(200),
  },
  {
    label: 'POST /conversations/<conversation>/messages',
    route: 'POST /api/conversations/:id/messages',
    url: (_u, fx) => `/api/conversations/${fx.conversationId}/messages`,
    body: () => ({ text: 'See you at six' }),
    expected: conversationParties(201),
  },
  {
    label: 'POST /conversations/<conversation>/read',
    route: 'POST /api/conversations/:id/read',
    url: (_u, fx) => `/api/conversations/${fx.conversationId}/read`,
    expected: conversationParties(200),
  },
  {
    label: 'POST /conversations/<conversation>/block',
    route: 'POST /api/conversations/:id/block',
    url: (_u, fx) => `/api/conversations/${fx.conversationId}/block`,
    expected: conversationParties(200),
  },
  {
    label: 'DELETE /conversations/<conversation buyer blocked>/block',
    route: 'DELETE /api/conversations/:id/block',
    url: (_u, fx) => `/api/conversations/${fx.blockedConversationId}/block`,
    expected: { ...conversationParties(200), seller: 403 },
  },
  {
    label: 'POST /conversations/<conversation>/report',
    route: 'POST /api/conversations/:id/report',
    url: (_u, fx) => `/api/conversations/${fx.conversationId}/report`,
    body: () => ({ reason: 'spam', note: 'Keeps sending links' }),
    expected: conversationParties(201),
    answers: {
      otherBuyer: noSuch('No such conversation', 'common.noSuch.conversation'),
      otherSeller: noSuch('No such conversation', 'common.noSuch.conversation'),
      admin: noSuch('No such conversation', 'common.noSuch.conversation'),
    },
  },
  {
    label: "POST /conversations/<conversation>/report <seller's message>",
    route: 'POST /api/conversations/:id/report',
    url: (_u, fx) => `/api/conversations/${fx.conversationId}/report`,
    body: (_u, fx) => ({ reason: 'spam', messageId: fx.messageId }),
    // Its writer cannot report it.
    expected: { ...conversationParties(201), seller: 400 },
  },
  {
    label: 'GET /conversations/<no such conversation>',
    route: 'GET /api/conversations/:id',
    url: () => `/api/conversations/${MISSING_ID}`,
    expected: { ...everyone(404), anonymous: 401 },
    answers: {
      buyer: noSuch('No such conversation', 'common.noSuch.conversation'),
      admin: noSuch('No such conversation', 'common.noSuch.conversation'),
    },
  },
  {
    label: 'GET /me/unread',
    route: 'GET /api/me/unread',
    url: () => '/api/me/unread',
    expected: signedIn,
  },
  {
    label: 'GET /events',
    route: 'GET /api/events',
    url: () => '/api/events',
    stream: true,
    expected: signedIn,
  },
  {
    label: 'GET /notifications',
    route: 'GET /api/notifications',
    url: () => '/api/notifications?unread=true',
    expected: signedIn,
  },
  {
    label: 'POST /notifications/read',
    route: 'POST /api/notifications/read',
    url: () => '/api/notifications/read',
    body: () => ({}),
    expected: signedIn,
  },
  {
    label: "POST /notifications/read <buyer's notification>",
    route: 'POST /api/notifications/read',
    url: () => '/api/notifications/read',
    body: (_u, fx) => ({ ids: [fx.notificationId] }),
    // Someone else's notification is left as it is, as one that does not exist.
    expected: signedIn,
    answers: {
      buyer: { modifiedCount: 1 },
      otherBuyer: { modifiedCount: 0 },
      seller: { modifiedCount: 0 },
      otherSeller: { modifiedCount: 0 },
      admin: { modifiedCount: 0 },
    },
  },
  {
    label: 'GET /me/notification-settings',
    route: 'GET /api/me/notification-settings',
    url: () => '/api/me/notification-settings',
    expected: signedIn,
  },
  {
    label: 'PUT /me/notification-settings',
    route: 'PUT /api/me/notification-settings',
    url: () => '/api/me/notification-settings',
    body: () => ({ email: { new_message: true } }),
    expected: signedIn,
  },
  {
    label: 'PUT /me/language',
    route: 'PUT /api/me/language',
    url: () => '/api/me/language',
    body: () => ({ language: 'bn' }),
    expected: signedIn,
  },
  {
    label: 'GET /push/key',
    route: 'GET /api/push/key',
    url: () => '/api/push/key',
    // The public half of the key: anyone's browser may read it.
    expected: everyone(200),
  },
  {
    label: 'POST /push/subscriptions <a new device>',
    route: 'POST /api/push/subscriptions',
    url: () => '/api/push/subscriptions',
    body: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    }),
    expected: { ...everyone(201), anonymous: 401 },
  },
  {
    label: "DELETE /push/subscriptions <buyer's device>",
    route: 'DELETE /api/push/subscriptions',
    url: () => '/api/push/subscriptions',
    body: (_u, fx) => ({ endpoint: fx.pushEndpoint }),
    // Someone else's device is one the caller has not.
    expected: { ...everyone(404), anonymous: 401, buyer: 200 },
  },
  {
    label: "GET /unsubscribe?token=<buyer's link>",
    route: 'GET /api/unsubscribe',
    url: (u) => `/api/unsubscribe?token=${unsubscribeToken(u.buyer.id)}`,
    // The token is the permission: whoever holds the link, signed in or not.
    expected: everyone(200),
  },
  {
    label: "POST /unsubscribe?token=<buyer's link>",
    route: 'POST /api/unsubscribe',
    url: (u) => `/api/unsubscribe?token=${unsubscribeToken(u.buyer.id)}`,
    expected: everyone(200),
  },
  {
    label: 'GET /all-sellers',
    route: 'GET /api/all-sellers',
    url: () => '/api/all-sellers',
    expected: onlyAdmin,
  },
  {
    label: 'PUT /all-sellers/<seller>',
    route: 'PUT /api/all-sellers/:email',
    url: (_u, fx) => `/api/all-sellers/${q(fx.member!.email)}`,
    needsMember: true,
    expected: onlyAdmin,
  },
  {
    label: 'DELETE /all-sellers/<seller>',
    route: 'DELETE /api/all-sellers/:email',
    url: (_u, fx) => `/api/all-sellers/${q(fx.member!.email)}`,
    needsMember: true,
    expected: onlyAdmin,
  },
  {
    label: 'GET /all-buyers',
    route: 'GET /api/all-buyers',
    url: () => '/api/all-buyers',
    expected: onlyAdmin,
  },
  {
    label: "POST /reports <seller's listing>",
    route: 'POST /api/reports',
    url: () => '/api/reports',
    body: (_u, fx) => ({ targetType: 'listing', targetId: fx.productId, reason: 'stolen' }),
    // Its seller cannot report it.
    expected: { ...everyone(201), anonymous: 401, seller: 400 },
  },
  {
    label: "POST /reports <seller's message to buyer>",
    route: 'POST /api/reports',
    url: () => '/api/reports',
    body: (_u, fx) => ({ targetType: 'message', targetId: fx.messageId, reason: 'spam' }),
    // Only its reader may report it; to anyone outside the conversation it does not exist.
    expected: { ...everyone(404), anonymous: 401, buyer: 201, seller: 400 },
    answers: {
      otherBuyer: noSuch('No such message in your conversations', 'common.noSuch.message'),
      admin: noSuch('No such message in your conversations', 'common.noSuch.message'),
    },
  },
  {
    label: "POST /reports <seller's message to buyer> as a scam (the scam warning's Report)",
    route: 'POST /api/reports',
    url: () => '/api/reports',
    body: (_u, fx) => ({ targetType: 'message', targetId: fx.messageId, reason: 'scam' }),
    expected: { ...everyone(404), anonymous: 401, buyer: 201, seller: 400 },
    answers: {
      otherBuyer: noSuch('No such message in your conversations', 'common.noSuch.message'),
      admin: noSuch('No such message in your conversations', 'common.noSuch.message'),
    },
  },
  {
    label: 'POST /reports <no such message>',
    route: 'POST /api/reports',
    url: () => '/api/reports',
    body: () => ({ targetType: 'message', targetId: MISSING_ID, reason: 'spam' }),
    expected: { ...everyone(404), anonymous: 401 },
    answers: { buyer: noSuch('No such message in your conversations', 'common.noSuch.message') },
  },
  {
    label: "POST /my-products/<seller's hidden listing>/review-request",
    route: 'POST /api/my-products/:id/review-request',
    url: (_u, fx) => `/api/my-products/${fx.hiddenProductId}/review-request`,
    body: () => ({ note: 'I changed the photos' }),
    expected: { ...ownSellerProduct, seller: 201 },
  },
  {
    label: 'GET /admin/reports',
    route: 'GET /api/admin/reports',
    url: () => '/api/admin/reports',
    expected: onlyAdmin,
  },
  {
    label: 'POST /admin/reports/<report>/resolve',
    route: 'POST /api/admin/reports/:id/resolve',
    url: (_u, fx) => `/api/admin/reports/${fx.reportId}/resolve`,
    body: () => ({ action: 'dismiss', reason: 'No proof' }),
    expected: onlyAdmin,
  },
  {
    label: 'POST /admin/users/<suspended>/restore',
    route: 'POST /api/admin/users/:id/restore',
    url: (_u, fx) => `/api/admin/users/${fx.suspendedUserId}/restore`,
    body: () => ({ reason: 'Appeal accepted' }),
    expected: onlyAdmin,
  },
  {
    label: 'POST /admin/products/<hidden>/restore',
    route: 'POST /api/admin/products/:id/restore',
    url: (_u, fx) => `/api/admin/products/${fx.hiddenProductId}/restore`,
    body: () => ({ reason: 'Appeal accepted' }),
    expected: onlyAdmin,
  },
  {
    label: 'GET /admin/audit',
    route: 'GET /api/admin/audit',
    url: () => '/api/admin/audit?page=1',
    expected: onlyAdmin,
  },
  {
    label: 'GET /admin/stats',
    route: 'GET /api/admin/stats',
    url: () => '/api/admin/stats',
    expected: onlyAdmin,
  },
  {
    label: 'POST /stolen-phones',
    route: 'POST /api/stolen-phones',
    url: () => '/api/stolen-phones',
    body: () => ({ imei: matrixImei(), stolenOn: '2026-01-15' }),
    expected: { ...everyone(201), anonymous: 401 },
  },
  {
    label: 'GET /stolen-phones',
    route: 'GET /api/stolen-phones',
    url: () => '/api/stolen-phones?page=1',
    expected: signedIn,
  },
  {
    label: "DELETE /stolen-phones/<buyer's report>",
    route: 'DELETE /api/stolen-phones/:id',
    url: (_u, fx) => `/api/stolen-phones/${fx.stolenReportId}`,
    // Someone else's report is as if it did not exist, admins' included.
    expected: { ...everyone(404), anonymous: 401, buyer: 200 },
  },
  {
    label: 'GET /admin/stolen-phones',
    route: 'GET /api/admin/stolen-phones',
    url: () => '/api/admin/stolen-phones?page=1',
    expected: onlyAdmin,
  },
  {
    label: "POST /admin/stolen-phones/<buyer's report>/clear",
    route: 'POST /api/admin/stolen-phones/:id/clear',
    url: (_u, fx) => `/api/admin/stolen-phones/${fx.stolenReportId}/clear`,
    body: () => ({ outcome: 'recovered', reason: 'Found at home' }),
    expected: onlyAdmin,
  },
  {
    label: "GET /me/listings/<seller's>/possession",
    route: 'GET /api/me/listings/:id/possession',
    url: (_u, fx) => `/api/me/listings/${fx.productId}/possession`,
    expected: ownSellerProduct,
  },
  {
    label: "POST /me/listings/<seller's>/possession/photo",
    route: 'POST /api/me/listings/:id/possession/photo',
    url: (_u, fx) => `/api/me/listings/${fx.productId}/possession/photo`,
    upload: true,
    expected: ownSellerProduct,
  },
  {
    label: 'GET /admin/possession-photos',
    route: 'GET /api/admin/possession-photos',
    url: () => '/api/admin/possession-photos?page=1',
    expected: onlyAdmin,
  },
  {
    label: 'GET /admin/possession-photos/<photo>/photo',
    route: 'GET /api/admin/possession-photos/:id/photo',
    url: () => `/api/admin/possession-photos/${possessionPhotoProductId}/photo`,
    // The photo has no public address: the seller who sent it does not read it back either.
    expected: onlyAdmin,
  },
  {
    label: "POST /admin/possession-photos/<seller's>/review",
    route: 'POST /api/admin/possession-photos/:id/review',
    url: (_u, fx) => `/api/admin/possession-photos/${fx.productId}/review`,
    body: () => ({ decision: 'approve' }),
    expected: onlyAdmin,
  },
  {
    label: "POST /booking/<buyer's accepted>/share",
    route: 'POST /api/booking/:id/share',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/share`,
    // Either party of the deal; anyone else is told it does not exist.
    expected: requestParties,
  },
  {
    label: "GET /booking/<buyer's accepted>/share",
    route: 'GET /api/booking/:id/share',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/share`,
    expected: requestParties,
  },
  {
    label: "DELETE /booking/<buyer's accepted>/share",
    route: 'DELETE /api/booking/:id/share',
    url: (_u, fx) => `/api/booking/${fx.acceptedId}/share`,
    expected: requestParties,
  },
  {
    label: "GET /meeting-plans/<buyer's shared link>",
    route: 'GET /api/meeting-plans/:token',
    url: (_u, fx) => `/api/meeting-plans/${fx.meetingPlanToken}`,
    // The link is the permission: whoever has it sees the plan, signed in or not.
    expected: everyone(200),
  },
  {
    label: 'GET /meeting-spots?near=<Gulshan>',
    route: 'GET /api/meeting-spots',
    url: () => '/api/meeting-spots?near=2000000001',
    // A public list of public places.
    expected: everyone(200),
  },
  {
    label: 'POST /admin/meeting-spots',
    route: 'POST /api/admin/meeting-spots',
    url: () => '/api/admin/meeting-spots',
    body: () => matrixSpot(),
    expected: { ...everyone(403), anonymous: 401, admin: 201 },
  },
  {
    label: 'PUT /admin/meeting-spots/<spot>',
    route: 'PUT /api/admin/meeting-spots/:id',
    url: (_u, fx) => `/api/admin/meeting-spots/${fx.meetingSpotId}`,
    body: () => matrixSpot(),
    expected: onlyAdmin,
  },
  {
    label: 'DELETE /admin/meeting-spots/<spot>',
    route: 'DELETE /api/admin/meeting-spots/:id',
    url: (_u, fx) => `/api/admin/meeting-spots/${fx.meetingSpotId}`,
    expected: onlyAdmin,
  },
  {
    label: 'POST /images',
    route: 'POST /api/images',
    url: () => '/api/images',
    upload: true,
    // Registration uploads the picture before the account exists.
    expected: everyone(200),
  },
  {
    label: 'GET /images/<uploaded image>',
    route: 'GET /api/images/:file',
    url: () => uploadedImageUrl,
    expected: everyone(200),
  },
  {
    label: "POST /offers <seller's listing>",
    route: 'POST /api/offers',
    url: () => '/api/offers',
    body: (_u, fx) => ({ productId: fx.unofferedProductId, price: 100, note: 'Matrix offer' }),
    expected: anyBuyer,
  },
  {
    label: "GET /offers/<buyer's offer>",
    route: 'GET /api/offers/:id',
    url: (_u, fx) => `/api/offers/${fx.offerId}`,
    expected: requestParties,
  },
  {
    label: "POST /offers/<buyer's offer>/accept",
    route: 'POST /api/offers/:id/accept',
    url: (_u, fx) => `/api/offers/${fx.offerId}/accept`,
    // The offer waits for the seller: its buyer is told so.
    expected: { ...requestParties, buyer: 409 },
  },
  {
    label: "POST /offers/<buyer's offer>/decline",
    route: 'POST /api/offers/:id/decline',
    url: (_u, fx) => `/api/offers/${fx.offerId}/decline`,
    expected: { ...requestParties, buyer: 409 },
  },
  {
    label: "POST /offers/<buyer's offer>/counter",
    route: 'POST /api/offers/:id/counter',
    url: (_u, fx) => `/api/offers/${fx.offerId}/counter`,
    body: () => ({ price: 250 }),
    expected: requestSeller,
  },
  {
    label: "GET /me/listings/<seller's>/offer-rules",
    route: 'GET /api/me/listings/:id/offer-rules',
    url: (_u, fx) => `/api/me/listings/${fx.productId}/offer-rules`,
    expected: ownSellerProduct,
  },
  {
    label: "PUT /me/listings/<seller's>/offer-rules",
    route: 'PUT /api/me/listings/:id/offer-rules',
    url: (_u, fx) => `/api/me/listings/${fx.productId}/offer-rules`,
    body: () => ({ declineBelow: 100, acceptFrom: 250 }),
    expected: ownSellerProduct,
  },
  {
    label: "POST /me/listings/<seller's>/offer-to-savers",
    route: 'POST /api/me/listings/:id/offer-to-savers',
    url: (_u, fx) => `/api/me/listings/${fx.productId}/offer-to-savers`,
    body: () => ({ price: 250 }),
    expected: ownSellerProduct,
  },
  {
    label: 'POST /me/export',
    route: 'POST /api/me/export',
    url: () => '/api/me/export',
    // Everyone may ask for their own data, once at a time.
    expected: { ...everyone(202), anonymous: 401 },
  },
  {
    label: 'GET /me/export',
    route: 'GET /api/me/export',
    url: () => '/api/me/export',
    expected: signedIn,
  },
  {
    label: "GET /me/export/<buyer's export>",
    route: 'GET /api/me/export/:id',
    url: () => `/api/me/export/${buyerExportId}`,
    expected: { ...everyone(404), anonymous: 401, buyer: 200 },
  },
  {
    label: "GET /me/export/<buyer's export>/download",
    route: 'GET /api/me/export/:id/download',
    url: () => `/api/me/export/${buyerExportId}/download`,
    expected: { ...everyone(404), anonymous: 401, buyer: 200 },
  },
];

/**
 * Routes the matrix leaves to others: Better Auth's own (its tests), the API documentation, and
 * the health check.
 */
const NOT_IN_MATRIX = [
  /^\/api\/auth\//,
  /^\/api\/docs/,
  /^\/api\/openapi\.json$/,
  /^\/api\/health$/,
];

/** `METHOD /path` of every API route the server registers, collected as it registers them. */
const registered = new Set<string>();
function collectRoute(route: RouteOptions): void {
  if (!route.url.startsWith('/api/') || NOT_IN_MATRIX.some((re) => re.test(route.url))) return;
  for (const method of [route.method].flat()) {
    // HEAD routes come with every GET.
    if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
  }
}

/** The bearer token of GET /metrics, which no session stands in for. */
const METRICS_TOKEN = 'matrix-metrics-token-0123456789';
const t = useTestApp({ seedDemo: true, onRoute: collectRoute, env: { METRICS_TOKEN } });

/** The buyer's link to turn off price-drop emails, as their emails carry it. */
function unsubscribeToken(userId: string): string {
  const tokens = new UnsubscribeTokens(t.config.authSecret);
  return encodeURIComponent(tokens.issue({ userId, kind: 'saved_price_drop' }));
}
let users: Users;
let uploadedImageUrl: string;
/** A listing of `seller` whose possession photo is stored. */
let possessionPhotoProductId: string;
/** `buyer`'s data export, ready to download. */
let buyerExportId: string;

let imeiSerial = 0;
/** A fresh valid IMEI for each stolen-phone report the matrix files. */
function matrixImei(): string {
  imeiSerial += 1;
  const first14 = `99${String(imeiSerial).padStart(12, '0')}`;
  for (let digit = 0; digit <= 9; digit++) {
    if (hasValidImeiCheckDigit(`${first14}${digit}`)) return `${first14}${digit}`;
  }
  throw new Error('no check digit');
}

/** A safe meeting spot as an admin sends it. */
function matrixSpot() {
  return {
    name: 'Gulshan Police Station',
    address: 'Gulshan Avenue',
    placeId: 2000000001,
    lat: 23.7937,
    lon: 90.415,
    openingHours: 'Open all day, every day',
    kind: 'police_station' as const,
  };
}

/** A small real photo, different on each call, as a browser uploads it. */
async function photo(): Promise<Buffer> {
  const [r, g, b] = [...crypto.randomBytes(3)] as [number, number, number];
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  users = await createCallers(t);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    ...multipartForm(await photo()),
  });
  uploadedImageUrl = uploaded.json<{ data: { url: string } }>().data.url;
  [possessionPhotoProductId] = (await insertProducts(t, users.seller.id, 1)) as [string];
  const form = multipartForm(await photo());
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/me/listings/${possessionPhotoProductId}/possession/photo`,
    payload: form.payload,
    headers: { ...users.seller.headers, ...form.headers },
  });
  if (sent.statusCode !== 200) throw new Error(`possession photo answered ${sent.body}`);
  const asked = await call(t, users.buyer, 'POST', '/api/me/export');
  buyerExportId = asked.json<{ id: string }>().id;
  await t.app.dataExports.runOnce();
});

async function freshFixture(needsMember: boolean): Promise<Fixture> {
  const [productId] = await insertProducts(t, users.seller.id, 1);
  const wishlistItemId = await insertWishlistItem(t, users.buyer.id, productId!);
  const member = needsMember ? await createUser(t, { role: 'seller' }) : null;
  const [requestedOn, reservedOn] = await insertProducts(t, users.seller.id, 2);
  const requests = await insertRequests(
    t,
    users.buyer.id,
    users.seller.id,
    requestedOn!,
    reservedOn!,
  );
  // One saved search at a time, so that saving more never meets the limit of twenty.
  await t.app.db.deleteFrom('savedSearches').where('userId', '=', users.buyer.id).execute();
  const savedSearchId = crypto.randomUUID();
  const now = valueWriters(t.app.db).date(new Date());
  await t.app.db
    .insertInto('savedSearches')
    .values({
      id: savedSearchId,
      userId: users.buyer.id,
      name: 'Phones',
      filters: '{"q":"bulk"}',
      createdAt: now,
      seenUntil: now,
    })
    .execute();
  const [conversationId, blockedConversationId] = await insertConversations(
    t,
    users.buyer.id,
    users.seller.id,
    [productId!, requestedOn!],
  );
  const message = await t.app.db
    .selectFrom('messages')
    .select('id')
    .where('conversationId', '=', conversationId!)
    .executeTakeFirstOrThrow();
  const notificationId = crypto.randomUUID();
  await t.app.db
    .insertInto('notifications')
    .values({
      id: notificationId,
      userId: users.buyer.id,
      kind: 'new_message',
      title: 'A new message',
      body: '',
      link: '/dashboard/messages',
      createdAt: now,
      readAt: null,
      dedupeKey: `matrix:${notificationId}`,
    })
    .execute();
  const reviewed = await insertReviewedDeals(t, users.buyer.id, users.seller.id);
  const moderation = await insertModerationRows(t, {
    reporterId: users.otherBuyer.id,
    reportedUserId: users.otherSeller.id,
    sellerId: users.seller.id,
  });
  const meetingNow = await insertMeeting(t, users.buyer.id, users.seller.id, new Date());
  const missed = await insertMeeting(
    t,
    users.buyer.id,
    users.seller.id,
    new Date(Date.now() - 3 * 3_600_000),
    { sellerCheckedInAt: new Date(Date.now() - 3 * 3_600_000), noShowSide: 'buyer' },
  );
  const stolenReportId = crypto.randomUUID();
  await t.app.db
    .insertInto('stolen_reports')
    .values({
      id: stolenReportId,
      reporterId: users.buyer.id,
      imeiHash: crypto.randomBytes(32).toString('hex'),
      imeiLast4: '4321',
      stolenOn: '2026-01-15',
      policeReport: null,
      createdAt: now,
    })
    .execute();
  await t.app.db
    .insertInto('possession_proofs')
    .values({
      productId: productId!,
      code: 'PM-1234',
      status: 'pending',
      submittedAt: now,
      createdAt: now,
    })
    .execute();
  // Made before the buyer's account, so that it leaves their first day's offers alone.
  const offerId = crypto.randomUUID();
  const [unofferedProductId] = await insertProducts(t, users.seller.id, 1);
  const offeredAt = valueWriters(t.app.db).date(new Date(Date.now() - 3 * 24 * 3_600_000));
  await t.app.db
    .insertInto('offers')
    .values({
      id: offerId,
      productId: productId!,
      buyerId: users.buyer.id,
      sellerId: users.seller.id,
      productName: 'Bulk phone 0',
      offeredPriceCents: 20_000,
      priceCents: 20_000,
      note: '',
      round: 1,
      status: 'open',
      awaiting: 'seller',
      source: 'buyer',
      closedBy: null,
      bookingId: null,
      conversationId: null,
      farBelowMedian: valueWriters(t.app.db).bool(false),
      createdAt: offeredAt,
      updatedAt: now,
    })
    .execute();
  const shareId = crypto.randomUUID();
  await t.app.db
    .insertInto('meeting_plan_shares')
    .values({ id: shareId, bookingId: requests.acceptedId, userId: users.buyer.id, createdAt: now })
    .execute();
  const planUrl = new MeetingPlanLinks(t.config.authSecret, t.config.publicUrl).url(shareId);
  const meetingSpotId = crypto.randomUUID();
  await t.app.db
    .insertInto('meeting_spots')
    .values({
      id: meetingSpotId,
      ...matrixSpot(),
      area: 'Gulshan, Dhaka',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
  const buyerSession = await t.app.db
    .selectFrom('sessions')
    .select('id')
    .where('userId', '=', users.buyer.id)
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('push_subscriptions')
    .values({
      id: crypto.randomUUID(),
      userId: users.buyer.id,
      sessionId: buyerSession.id,
      endpoint: pushEndpoint,
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
      deviceLabel: 'Chrome on Android',
      createdAt: now,
    })
    .execute();
  return {
    pushEndpoint,
    offerId,
    unofferedProductId: unofferedProductId!,
    meetingSpotId,
    meetingPlanToken: new URL(planUrl).pathname.split('/').pop()!,
    meetingNowId: meetingNow.id,
    noShowId: missed.id,
    productId: productId!,
    stolenReportId,
    wishlistItemId,
    member,
    ...requests,
    savedSearchId,
    ...reviewed,
    conversationId: conversationId!,
    blockedConversationId: blockedConversationId!,
    messageId: message.id,
    notificationId,
    ...moderation,
  };
}

async function send(c: Case, caller: TestUser | null, fx: Fixture) {
  const [method] = c.route.split(' ') as [Method];
  const url = c.url(users, fx);
  if (c.stream) return openStream(t, caller, url);
  if (!c.upload) return call(t, caller, method, url, c.body?.(users, fx));
  const form = multipartForm(await photo());
  return t.app.inject({
    method,
    url,
    payload: form.payload,
    headers: { ...caller?.headers, ...form.headers },
  });
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

const matrix = CASES.flatMap((c) =>
  ACTORS.map((actor) => [c.label, actor, c.expected[actor], c] as const),
);

describe(`authorization matrix on ${testDbKind}`, () => {
  it('has a row for every kind of caller on every API route the server registers', () => {
    // A route added without rows fails here; so do rows for a route that no longer exists.
    const covered = new Set<string>(
      CASES.filter((c) => ACTORS.every((a) => Number.isInteger(c.expected[a]))).map((c) => c.route),
    );
    expect(registered.size).toBeGreaterThan(0);
    expect([...registered].filter((route) => !covered.has(route)).sort()).toEqual([]);
    expect(CASES.map((c) => c.route).filter((route) => !registered.has(route))).toEqual([]);
    expect(new Set(CASES.map((c) => c.label)).size).toBe(CASES.length);
  });

  /**
   * The fixture and the database's snapshot as the last row left them, when that row's call was
   * refused and shown to have changed nothing: the next row may start from them instead of
   * making its own. A row that writes, or fails, leaves nothing to reuse.
   */
  let unchanged: { fx: Fixture; withMember: boolean; rows: Snapshot } | null = null;

  it.each(matrix)('%s as %s answers %i', async (_label, actor, expected, c) => {
    const needsMember = c.needsMember === true;
    const reused = unchanged && (unchanged.withMember || !needsMember) ? unchanged : null;
    unchanged = null;
    const fx = reused?.fx ?? (await freshFixture(needsMember));
    const caller =
      actor === 'anonymous'
        ? null
        : c.freshCaller
          ? await createUser(t, { role: users[actor].role })
          : users[actor];
    // A fresh caller is a new row: the snapshot is taken again after it.
    const before = reused && !c.freshCaller ? reused.rows : await snapshot(t);
    const res = await send(c, caller, fx);
    expect(res.statusCode, res.body).toBe(expected);
    if (c.answers && actor in c.answers) expect(res.json()).toEqual(c.answers[actor]);
    if (expected >= 400) {
      expect(res.json<{ error: { code: string } }>().error.code).toBeTypeOf('string');
      const after = await snapshot(t);
      expect(after).toEqual(before);
      unchanged = { fx, withMember: reused?.withMember ?? needsMember, rows: after };
    }
  });
});

describe(`GET /metrics (outside the API) on ${testDbKind}`, () => {
  it.each(ACTORS)('answers %s 401 without the bearer token, and 200 with it', async (actor) => {
    const caller = actor === 'anonymous' ? null : users[actor];
    const refused = await call(t, caller, 'GET', '/metrics');
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('UNAUTHORIZED');
    const answered = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { ...caller?.headers, authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('http_request_duration_seconds_count');
  });
});

describe(`whose email address and phone each caller reads, on ${testDbKind}`, () => {
  it.each(ACTORS)("%s reads no seller's address in the public answers", async (actor) => {
    const fx = await freshFixture(false);
    const caller = actor === 'anonymous' ? null : users[actor];
    for (const url of [
      `/api/product/${fx.productId}`,
      `/api/sellers/${users.seller.id}`,
      '/api/products/iPhone?limit=100',
      '/api/search?q=bulk',
    ]) {
      const res = await call(t, caller, 'GET', url);
      // Category lists and search are behind sign-in (the specification's).
      const open =
        caller !== null || url.startsWith('/api/product/') || url.startsWith('/api/sellers/');
      expect(res.statusCode, `${actor} ${url}`).toBe(open ? 200 : 401);
      expect(res.body.toLowerCase(), `${actor} ${url}`).not.toContain(users.seller.email);
    }
  });

  it("gives a buyer the seller's address, and the seller the buyer's contact, once accepted", async () => {
    const fx = await freshFixture(false);
    const orders = await call(t, users.buyer, 'GET', `/api/booking?email=${q(users.buyer.email)}`);
    const order = (id: string) => orders.json<Booking[]>().find((o) => o._id === id)!;
    expect(order(fx.requestedId).sellerEmail).toBeNull();
    expect(order(fx.acceptedId).sellerEmail).toBe(users.seller.email);

    const requests = await call(t, users.seller, 'GET', '/api/my-buyers');
    const request = (id: string) => requests.json<SellerBuyer[]>().find((b) => b._id === id)!;
    expect(request(fx.requestedId)).toMatchObject({
      email: 'm***@example.test',
      phone: '+***********78',
      contactShown: false,
    });
    expect(request(fx.acceptedId)).toMatchObject({
      email: 'matrix@example.test',
      phone: '+8801712345678',
      contactShown: true,
    });
  });
});
