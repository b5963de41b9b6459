import { z } from '../zod.ts';
import { PRICE_MAX } from '../constants.ts';
import { idSchema } from './common.ts';

/*
 * Offers (decision 0035): a buyer offers a price for a listing; the seller accepts, declines or
 * counters; the buyer accepts or declines a counter. An accepted offer becomes the buyer's
 * booking request at that price, already agreed. Every step is an event card in the buyer's
 * conversation about the listing, and a notification of the other side.
 */

/** An offer not answered within this many hours of its last step expires. */
export const OFFER_EXPIRY_HOURS = 48;
/** Offers one buyer may make on one listing (each one with the seller's answer is a round). */
export const OFFER_ROUNDS_MAX = 3;
/** Offers a buyer may make in an hour. */
export const OFFERS_PER_HOUR = 10;
/** Offers an account may make within its first NEW_ACCOUNT_OFFER_HOURS. */
export const NEW_ACCOUNT_OFFERS_MAX = 5;
export const NEW_ACCOUNT_OFFER_HOURS = 24;
/** "Offer to everyone who saved it": once per listing in this many hours. */
export const SAVED_OFFER_HOURS = 24;
export const OFFER_NOTE_MAX = 300;

export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_SIDES = ['buyer', 'seller'] as const;
export type OfferSide = (typeof OFFER_SIDES)[number];
export const OFFER_ACTIONS = ['accept', 'decline', 'counter'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];
/** Who closed an offer: a side, or the seller's rule / the clock ('system'). */
export const OFFER_CLOSED_BY = ['buyer', 'seller', 'system'] as const;
/** Where an offer came from: a buyer, or the seller's offer to everyone who saved the listing. */
export const OFFER_SOURCES = ['buyer', 'saved'] as const;

/** The steps an offer's event cards show. */
export const OFFER_STEPS = [
  'offered',
  'countered',
  'accepted',
  'declined',
  'expired',
  'auto_accepted',
  'auto_declined',
  'saved_offer',
  'listing_reserved',
  'listing_sold',
] as const;
export type OfferStep = (typeof OFFER_STEPS)[number];

/** A price in dollars: more than 0, at most PRICE_MAX, at most two decimals. */
export const offerPriceSchema = (label = 'Offer') =>
  z
    .number({ error: `${label} must be a number` })
    .positive({ error: `${label} must be more than 0` })
    .max(PRICE_MAX, { error: `${label} must be at most ${PRICE_MAX.toLocaleString('en-US')}` })
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), {
      error: `${label} can have at most two decimals`,
    });

const noteSchema = z
  .string({ error: 'The note must be text' })
  .trim()
  .max(OFFER_NOTE_MAX, { error: `A note can be at most ${OFFER_NOTE_MAX} characters` })
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.test(text), {
    error: 'A note can only hold text',
  });

/** POST /api/offers */
export const createOfferSchema = z.object({
  productId: idSchema,
  price: offerPriceSchema(),
  note: noteSchema.optional().default(''),
});
export type CreateOffer = z.input<typeof createOfferSchema>;

/** POST /api/offers/{id}/counter: the seller's price. */
export const counterOfferSchema = z.object({
  price: offerPriceSchema('Counter-offer'),
  note: noteSchema.optional().default(''),
});
export type CounterOffer = z.input<typeof counterOfferSchema>;

const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** An offer as one of its two sides sees it. */
export const offerSchema = z.object({
  _id: idSchema,
  productId: z.string().nullable(),
  productName: z.string(),
  /** The listing's own price now (an offer never changes it). */
  listedPrice: z.number().nullable(),
  /** The price on the table: the buyer's offer, or the seller's counter. */
  price: z.number(),
  /** The buyer's first offer of this round. */
  offeredPrice: z.number(),
  note: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** Whose answer it waits for while open. */
  awaiting: z.enum(OFFER_SIDES).nullable(),
  source: z.enum(OFFER_SOURCES),
  /** The reader's side. */
  side: z.enum(OFFER_SIDES),
  /** This buyer's offers on this listing so far, this one included (at most OFFER_ROUNDS_MAX). */
  round: z.number().int(),
  /** What the reader can do now. */
  actions: z.array(z.enum(OFFER_ACTIONS)),
  closedBy: z.enum(OFFER_CLOSED_BY).nullable(),
  /** The booking request an accepted offer became. */
  bookingId: z.string().nullable(),
  conversationId: z.string().nullable(),
  /** The agreed price is far below the fair median: meet in public and check the phone. */
  farBelowMedian: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** When an open offer expires unanswered; null once closed. */
  expiresAt: isoDateTimeSchema.nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** An offer step as a conversation's event card shows it. */
export const offerEventSchema = z.object({
  offerId: idSchema,
  step: z.enum(OFFER_STEPS),
  price: z.number(),
});
export type OfferEvent = z.infer<typeof offerEventSchema>;

/** GET/PUT /api/my-products/{id}/offer-rules: a listing's automatic answers, in dollars. */
export const offerRulesSchema = z
  .object({
    /** Offers below this are declined at once; never shown to buyers. */
    declineBelow: offerPriceSchema('The floor').nullable(),
    /** Offers at or above this are accepted at once. */
    acceptFrom: offerPriceSchema('The automatic accept price').nullable(),
  })
  .refine(
    (r) => r.declineBelow === null || r.acceptFrom === null || r.declineBelow < r.acceptFrom,
    {
      error: 'The floor must be below the automatic accept price',
      path: ['declineBelow'],
    },
  );
export type OfferRules = z.infer<typeof offerRulesSchema>;

/** The rules as the seller reads them, with the last "offer to everyone who saved it". */
export const offerRulesViewSchema = z.object({
  declineBelow: z.number().nullable(),
  acceptFrom: z.number().nullable(),
  /** How many buyers keep the listing in their wish list. */
  savedBy: z.number().int(),
  /** When the seller may next send an offer to everyone who saved it; null: now. */
  nextSavedOfferAt: isoDateTimeSchema.nullable(),
});
export type OfferRulesView = z.infer<typeof offerRulesViewSchema>;

/** POST /api/my-products/{id}/offer-to-savers */
export const savedOfferSchema = z.object({
  price: offerPriceSchema(),
  note: noteSchema.optional().default(''),
});
export type SavedOffer = z.input<typeof savedOfferSchema>;

export const savedOfferResultSchema = z.object({
  /** Buyers who got the offer. */
  sent: z.number().int(),
  /** Buyers skipped: they already had an open offer or request for the listing. */
  skipped: z.number().int(),
  nextSavedOfferAt: isoDateTimeSchema,
});
export type SavedOfferResult = z.infer<typeof savedOfferResultSchema>;
