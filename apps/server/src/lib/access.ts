import type {
  FastifyInstance,
  FastifyRequest,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import type { Kysely } from 'kysely';
import { errorResponseSchema, type Role } from '@market/shared';
import type { Database } from '../db/schema.ts';
import {
  isAuthorOfReview,
  isBuyerOfBooking,
  isOwnerOfSavedSearch,
  isOwnerOfStolenReport,
  isOwnerOfWishlistItem,
  isPartyToBooking,
  isPartyToConversation,
  isPartyToMessage,
  isPartyToOffer,
  isSellerOfBooking,
  isSellerOfProduct,
  isSubjectOfReview,
  notificationsOf,
} from './access.repository.ts';
import type { Actor } from './actor.ts';
import { forbidden, notFound, unauthorized, type AppError, type RefusalKey } from './errors.ts';

/** What a route that needs some roles says to the others. */
const ROLE_NEEDS: Readonly<Record<string, RefusalKey>> = {
  admin: 'common.needs.admin',
  buyer: 'common.needs.buyer',
  seller: 'common.needs.seller',
  'buyer or seller': 'common.needs.buyerOrSeller',
};

/*
 * Who may call a route, and what a caller may touch, decided here and nowhere else.
 *
 * A route names its callers once, as a hook that runs before the request is validated (so a
 * stranger learns nothing from validation errors): `preValidation: signedIn()` or
 * `preValidation: onlyRoles('seller')`. The hook answers 401 to anonymous callers and 403 to
 * the wrong role, and sets `request.actor` for the handler; the route's documented error
 * answers follow from it. Services then ask `requireAccess(db, actor, permission, target)`
 * before they touch a thing that belongs to someone.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller, set by the route's guard (`signedIn()`, `onlyRoles(...)`). Reading it on a
     * route without one is a mistake in the route and fails the request.
     */
    readonly actor: Actor;
  }
}

const GUARDED_ACTOR = Symbol('guardedActor');
type GuardedRequest = FastifyRequest & { [GUARDED_ACTOR]: Actor | null };

/** The error statuses each guard may answer with, for the routes' documented answers. */
const guardRefusals = new WeakMap<object, readonly number[]>();

function guard(refusals: readonly number[], refuse: (actor: Actor) => AppError | null) {
  // A callback hook: the session lookup is the only promise it waits for.
  const hook: preValidationHookHandler = (request, _reply, done) => {
    request.getActor().then((actor) => {
      if (!actor) return done(unauthorized());
      const refusal = refuse(actor);
      if (refusal) return done(refusal);
      (request as GuardedRequest)[GUARDED_ACTOR] = actor;
      done();
    }, done);
  };
  guardRefusals.set(hook, refusals);
  return hook;
}

const anySignedIn = guard([401], () => null);
const roleGuards = new Map<string, preValidationHookHandler>();

/** Any signed-in user: 401 for anonymous callers. */
export function signedIn(): preValidationHookHandler {
  return anySignedIn;
}

/** A signed-in user with one of the roles: 401 for anonymous callers, 403 for other roles. */
export function onlyRoles(...roles: [Role, ...Role[]]): preValidationHookHandler {
  const name = roles.join(' or ');
  const needs = ROLE_NEEDS[name];
  if (!needs) throw new Error(`No refusal says what ${name} accounts are needed for`);
  let hook = roleGuards.get(name);
  if (!hook) {
    hook = guard([401, 403], (actor) => (roles.includes(actor.role) ? null : forbidden(needs)));
    roleGuards.set(name, hook);
  }
  return hook;
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Gives requests their `actor`, and documents each route's refusals where it is registered:
 * its guard's statuses, and 400 when it validates anything. Register before any route.
 */
export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest(GUARDED_ACTOR, null);
  app.decorateRequest('actor', {
    getter(this: FastifyRequest): Actor {
      const actor = (this as GuardedRequest)[GUARDED_ACTOR];
      if (!actor) throw new Error('request.actor is read on a route that has no access guard');
      return actor;
    },
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema;
    if (!schema?.response) return;
    const statuses = asList(route.preValidation).flatMap((hook) => guardRefusals.get(hook) ?? []);
    if (schema.params || schema.querystring || schema.body) statuses.push(400);
    if (statuses.length === 0) return;
    const refusals = Object.fromEntries(statuses.map((s) => [s, errorResponseSchema]));
    // Numeric keys keep ascending order, so the documented answers read 200, 400, 401, ...
    route.schema = { ...schema, response: { ...refusals, ...(schema.response as object) } };
  });
}

/** What a caller may do to a thing, each checked by one rule below. */
export type Permission =
  /** An account's own data (the lists behind `?email=`, an access token): that user only. */
  | 'account.read'
  /** Changing an account's profile: that user only. */
  | 'account.update'
  /** Asking which role an account has: that user, or an admin about anyone. */
  | 'account.lookup'
  /** Advertising or deleting a product: its seller. Others are told it does not exist. */
  | 'product.manage'
  /** Booking a product: anyone but its seller. */
  | 'product.book'
  /**
   * Seeing a booking (its meeting, as a calendar file): its buyer or the seller of the booked
   * product. Admins too are told it does not exist: no admin screen shows bookings, and a
   * booking carries the buyer's phone number and email address.
   */
  | 'booking.read'
  /**
   * The check at hand-over (answering it, trying the IMEI, reading the code): the buyer of the
   * booking only. Its seller reads the answers with `booking.read`.
   */
  | 'booking.inspect'
  /** Accepting or declining a booking request: the seller of the booked product. */
  | 'booking.answer'
  /** Completing a deal with the buyer's hand-over code: the seller of the booked product. */
  | 'booking.complete'
  /** Cancelling a booking: its buyer or the seller of the booked product. */
  | 'booking.cancel'
  /** Saying "I'm here" at an accepted booking's meeting: its buyer or its seller. */
  | 'booking.checkIn'
  /** Adding a reason to one's own recorded no-show: its buyer or its seller (their own side). */
  | 'booking.noShowReason'
  /** Seeing a conversation and its messages: its two parties, never an admin. */
  | 'conversation.read'
  /** Writing in a conversation, marking it read, reporting it: its two parties. */
  | 'conversation.takePart'
  /** Blocking or unblocking a conversation: its two parties. */
  | 'conversation.block'
  /** Reporting a message: either party of its conversation. */
  | 'message.report'
  /** Reviewing the seller of a deal (the target is the booking): the buyer of the deal. */
  | 'review.write'
  /** Changing a review: the buyer who wrote it. */
  | 'review.edit'
  /** Answering a review: the seller it is about. */
  | 'review.reply'
  /** Removing an entry of a wish list: the buyer whose list it is. */
  | 'wishlistItem.delete'
  /** Opening or deleting a saved search: the buyer who saved it. */
  | 'savedSearch.manage'
  /** Withdrawing a stolen-phone report: the person who made it. */
  | 'stolenReport.withdraw'
  /**
   * Seeing an offer and answering it (accept, decline, counter): its buyer or the seller of its
   * listing; which of them may answer now is the offer's own rule. Admins are told it does not
   * exist, as for bookings.
   */
  | 'offer.take';

/** A product by its id, or as already read (its seller is all a rule needs). */
export type ProductRef = string | { id: string; sellerId: string | null };

/** The thing each permission is about: an email for accounts, an id (or a read row) otherwise. */
type Targets = {
  [P in Permission]: P extends `account.${string}`
    ? string
    : P extends `product.${string}`
      ? ProductRef
      : string;
};

type Db = Kysely<Database>;

interface Rule<T> {
  allows(db: Db, actor: Actor, target: T): boolean | Promise<boolean>;
  /** The answer to a caller it refuses: 404 where even the thing's existence is private. */
  refusal(): AppError;
}

const isSelf = (actor: Actor, email: string) =>
  actor.email.toLowerCase() === email.trim().toLowerCase();
const isAdmin = (actor: Actor) => actor.role === 'admin';

function isSeller(db: Db, actor: Actor, product: ProductRef): boolean | Promise<boolean> {
  return typeof product === 'string'
    ? isSellerOfProduct(db, actor.id, product)
    : product.sellerId === actor.id;
}

type Relation = (db: Db, userId: string, id: string) => Promise<boolean>;

/** A rule for things named by id: the relation must hold, else a 404 that names the thing. */
const related = (relation: Relation, missing: RefusalKey): Rule<string> => ({
  allows: (db, actor, id) => relation(db, actor.id, id),
  refusal: () => notFound(missing),
});

const NO_SUCH_BOOKING = 'common.noSuch.booking';
const NO_SUCH_CONVERSATION = 'common.noSuch.conversation';

const rules: { [P in Permission]: Rule<Targets[P]> } = {
  'account.read': {
    allows: (_db, actor, email) => isSelf(actor, email),
    refusal: () => forbidden('common.ownData'),
  },
  'account.update': {
    allows: (_db, actor, email) => isSelf(actor, email),
    refusal: () => forbidden('common.ownProfile'),
  },
  'account.lookup': {
    allows: (_db, actor, email) => isAdmin(actor) || isSelf(actor, email),
    refusal: () => forbidden('common.ownAccount'),
  },
  'product.manage': {
    allows: isSeller,
    refusal: () => notFound('common.listing.notYours'),
  },
  'product.book': {
    allows: async (db, actor, product) => !(await isSeller(db, actor, product)),
    refusal: () => forbidden('common.listing.bookOwn'),
  },
  'booking.read': related(isPartyToBooking, NO_SUCH_BOOKING),
  'booking.inspect': related(isBuyerOfBooking, NO_SUCH_BOOKING),
  'booking.answer': related(isSellerOfBooking, NO_SUCH_BOOKING),
  'booking.complete': related(isSellerOfBooking, NO_SUCH_BOOKING),
  'booking.cancel': related(isPartyToBooking, NO_SUCH_BOOKING),
  'booking.checkIn': related(isPartyToBooking, NO_SUCH_BOOKING),
  'booking.noShowReason': related(isPartyToBooking, NO_SUCH_BOOKING),
  'conversation.read': related(isPartyToConversation, NO_SUCH_CONVERSATION),
  'conversation.takePart': related(isPartyToConversation, NO_SUCH_CONVERSATION),
  'conversation.block': related(isPartyToConversation, NO_SUCH_CONVERSATION),
  'message.report': related(isPartyToMessage, 'common.noSuch.message'),
  'review.write': related(isBuyerOfBooking, 'common.noSuch.deal'),
  'review.edit': related(isAuthorOfReview, 'common.noSuch.reviewOfYours'),
  'review.reply': related(isSubjectOfReview, 'common.noSuch.reviewOfYou'),
  'wishlistItem.delete': related(isOwnerOfWishlistItem, 'common.noSuch.wishlistItem'),
  'savedSearch.manage': related(isOwnerOfSavedSearch, 'common.noSuch.savedSearch'),
  'stolenReport.withdraw': related(isOwnerOfStolenReport, 'common.noSuch.reportOfYours'),
  'offer.take': related(isPartyToOffer, 'common.noSuch.offer'),
};

/**
 * What a caller may do to many things at once, where the things a caller may not touch are
 * left alone rather than refused (so that the answer tells nothing about them).
 */
export type ManyPermission =
  /** Marking notifications read: the user they were sent to. */
  'notification.mark';

const manyRules: {
  [P in ManyPermission]: (db: Db, actor: Actor, ids: readonly string[]) => Promise<string[]>;
} = {
  'notification.mark': (db, actor, ids) => notificationsOf(db, actor.id, ids),
};

/** Those of the things the caller may do this to; the others are as if they did not exist. */
export function permittedAmong(
  db: Db,
  actor: Actor,
  permission: ManyPermission,
  ids: readonly string[],
): Promise<string[]> {
  return manyRules[permission](db, actor, ids);
}

/** Whether the caller may do this to the thing. */
export async function hasAccess<P extends Permission>(
  db: Db,
  actor: Actor,
  permission: P,
  target: Targets[P],
): Promise<boolean> {
  return (rules[permission] as Rule<Targets[P]>).allows(db, actor, target);
}

/** Goes on when the caller may do this to the thing; otherwise throws the permission's refusal. */
export async function requireAccess<P extends Permission>(
  db: Db,
  actor: Actor,
  permission: P,
  target: Targets[P],
): Promise<void> {
  if (!(await hasAccess(db, actor, permission, target))) throw rules[permission].refusal();
}

/** The answer a permission gives to a caller it refuses (for a check a write repeats itself). */
export function refusalOf(permission: Permission): AppError {
  return rules[permission].refusal();
}
