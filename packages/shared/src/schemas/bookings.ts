import { z } from '../zod.ts';
import { PRODUCT_STATUSES } from '../constants.ts';
import { dayMonthYearSchema, idSchema, moneySchema, oneLine, phoneSchema } from './common.ts';
import { sellerReviewSchema } from './reviews.ts';
import { meetingCheckInSchema, showUpRecordSchema } from './check-ins.ts';
import { INSPECTION_STATUSES } from './inspection.ts';
import { meetingSpotSchema } from './meeting-spots.ts';

/*
 * A booking is a request to meet and buy. The seller accepts it (with a meeting time and place),
 * declines it, or either side cancels it; unanswered requests expire; an accepted request ends
 * in a completed deal when the seller enters the buyer's hand-over code.
 */

export const BOOKING_STATUSES = [
  'requested',
  'accepted',
  'declined',
  'cancelled',
  'expired',
  'completed',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/** Requests that still hold: one of these per buyer per listing at most. */
export const OPEN_BOOKING_STATUSES = ['requested', 'accepted'] as const satisfies BookingStatus[];

/** Requests not answered within this time expire. */
export const BOOKING_EXPIRY_HOURS = 72;
/** Wrong hand-over codes the seller may enter before the code is renewed. */
export const HANDOVER_CODE_TRIES = 5;
/**
 * Wrong hand-over codes one request takes in all, across renewed codes, before completing it is
 * locked for HANDOVER_LOCK_HOURS (the buyer is told). Then as many again, and so on.
 */
export const HANDOVER_CODE_MAX_WRONG = 12;
export const HANDOVER_LOCK_HOURS = 6;
/** Hand-over codes one seller may enter in an hour, on all their requests together. */
export const HANDOVER_CODES_PER_HOUR = 20;
/** Booking requests one buyer may send in an hour. */
export const BOOKING_REQUESTS_PER_HOUR = 20;
/** Cancels one person may make in an hour. */
export const BOOKING_CANCELS_PER_HOUR = 5;
/** After cancelling a request, the buyer waits this long before requesting the same phone again. */
export const REBOOK_PAUSE_MINUTES = 60;
/** The reason given to the other open requests of a listing that was sold. */
export const SOLD_REASON = 'sold';
export const BOOKING_REASON_MAX = 300;
export const MEETING_PLACE_MAX = 200;
/** How far ahead a meeting may be set. */
export const MEETING_MAX_DAYS_AHEAD = 90;

/** Who closed a request: one of its two sides, or the marketplace (an expiry). */
export const bookingClosedBySchema = z.enum(['buyer', 'seller', 'system']);
export type BookingClosedBy = z.infer<typeof bookingClosedBySchema>;

/** What the viewer of a request can do with it next. */
export const bookingActionSchema = z.enum(['accept', 'decline', 'cancel', 'complete', 'calendar']);
export type BookingAction = z.infer<typeof bookingActionSchema>;

const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Where a request stands, the same for both sides. */
const bookingStateShape = {
  status: bookingStatusSchema,
  /** The listing's own status now; null once the listing was deleted. */
  productStatus: z.enum(PRODUCT_STATUSES).nullable(),
  /** The buyer's proposed meeting time, if they gave one. */
  proposedAt: isoDateTimeSchema.nullable(),
  /** The meeting the seller set on accepting. */
  meetingAt: isoDateTimeSchema.nullable(),
  meetingPlace: z.string().nullable(),
  /** The IANA time zone the meeting time was set in. */
  meetingTimeZone: z.string().nullable(),
  /** The safe meeting spot the seller chose (decision 0034); null for a place typed in. */
  meetingSpot: meetingSpotSchema.omit({ distanceKm: true }).nullable(),
  /** Why it was declined, cancelled or expired ('sold' when the listing went to someone else). */
  reason: z.string().nullable(),
  closedBy: bookingClosedBySchema.nullable(),
  updatedAt: isoDateTimeSchema,
  actions: z.array(bookingActionSchema),
  /** "I'm here" and no-shows (decision 0032): while accepted, and after a recorded no-show. */
  checkIn: meetingCheckInSchema.nullable(),
};

export const bookingSchema = z.object({
  _id: idSchema,
  productId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  productName: z.string(),
  price: moneySchema,
  /** The price agreed in an accepted offer (`price` is then that price); null otherwise. */
  agreedPrice: moneySchema.nullable(),
  imgURL: z.string(),
  date: dayMonthYearSchema,
  /** False once the product was deleted; the order keeps its own copy. */
  productAvailable: z.boolean(),
  ...bookingStateShape,
  /** The seller's name, and their phone number and email address once the request is accepted. */
  sellerName: z.string().nullable(),
  sellerPhone: z.string().nullable(),
  sellerEmail: z.string().nullable(),
  /** The 6-digit hand-over code, shown only to the buyer, while the request is accepted. */
  handoverCode: z.string().nullable(),
  /**
   * The check at hand-over, while the request is accepted or once completed: null for a request
   * that needs none (accepted before the check began). While it is not complete, `handoverCode`
   * is null and `inspectionDue` is true: the buyer checks the phone first.
   */
  inspectionStatus: z.enum(INSPECTION_STATUSES).nullable(),
  inspectionDue: z.boolean(),
  /** A completed deal whose phone the buyer checked at the hand-over. */
  checkedAtHandover: z.boolean(),
  /** The buyer's review of the seller for this deal, once written. */
  review: sellerReviewSchema.nullable(),
  /** A completed deal's last moment to write a review (REVIEW_WINDOW_DAYS); null otherwise. */
  reviewUntil: isoDateTimeSchema.nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * What a buyer sends. The spec's form also sends name, email, product name, price, image and
 * date: they are accepted and ignored, as the server takes them from the session and the product.
 */
export const createBookingSchema = z.object({
  productId: idSchema,
  phone: phoneSchema,
  location: z
    .string({ error: 'Meeting location is required' })
    .trim()
    .min(1, { error: 'Meeting location is required' })
    .max(MEETING_PLACE_MAX, {
      error: `Meeting location must be at most ${MEETING_PLACE_MAX} characters`,
    })
    .regex(...oneLine('Meeting location')),
  /** A meeting time the buyer proposes; the seller may set another. */
  proposedAt: z.iso
    .datetime({ offset: true, error: 'Give the proposed time as a date and time' })
    .optional()
    .refine((v) => v === undefined || Date.parse(v) > Date.now(), {
      error: 'The proposed time must be in the future',
    }),
});
export type CreateBooking = z.input<typeof createBookingSchema>;

/**
 * A buyer of one of the seller's products, for My Buyers. The buyer's email and phone are masked
 * ("b***@example.com", "+**********11") until the seller accepts the request (`contactShown`).
 */
export const sellerBuyerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Whether `email` and `phone` are shown in full: once the seller accepted this request. */
  contactShown: z.boolean(),
  location: z.string(),
  productName: z.string(),
  /** The price of the request: the listed price when it was made, or the agreed one. */
  price: moneySchema,
  /** The price agreed in an accepted offer; null for a request at the listed price. */
  agreedPrice: moneySchema.nullable(),
  date: dayMonthYearSchema,
  productId: z.string().nullable(),
  ...bookingStateShape,
  /** Wrong hand-over codes the seller may still enter, while the request is accepted. */
  codeTriesLeft: z.number().int().nullable(),
  /** Until when completing is locked after too many wrong codes; null when it is not. */
  codeLockedUntil: z.iso.datetime({ offset: true }).nullable(),
  /** The buyer's own record of showing up to meetings, once it counts SHOW_UP_MIN_MEETINGS. */
  buyerShowUp: showUpRecordSchema.nullable(),
  /** Where the buyer's check at hand-over stands; null when the request needs none. */
  inspectionStatus: z.enum(INSPECTION_STATUSES).nullable(),
  /** A completed deal whose phone the buyer checked at the hand-over. */
  checkedAtHandover: z.boolean(),
  /** The listing's area (a place id), for the safe meeting spots near it; null when unplaced. */
  listingPlaceId: z.number().int().nullable(),
});
export type SellerBuyer = z.infer<typeof sellerBuyerSchema>;

/** A request as it stands after a change, with its listing's status. */
export const bookingStateSchema = z.object({ _id: idSchema, ...bookingStateShape });
export type BookingState = z.infer<typeof bookingStateSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const reasonSchema = z
  .string({ error: 'The reason must be text' })
  .trim()
  .max(BOOKING_REASON_MAX, {
    error: `The reason must be at most ${BOOKING_REASON_MAX} characters`,
  });

export const acceptBookingSchema = z
  .object({
    meetingAt: z
      .string({ error: 'Choose the meeting time' })
      .pipe(z.iso.datetime({ offset: true, error: 'Give the meeting time as a date and time' }))
      .refine((v) => Date.parse(v) > Date.now(), {
        error: 'The meeting time must be in the future',
      })
      .refine((v) => Date.parse(v) < Date.now() + MEETING_MAX_DAYS_AHEAD * 86_400_000, {
        error: `The meeting must be within ${MEETING_MAX_DAYS_AHEAD} days`,
      }),
    /** The place in words; not needed when a spot is chosen, whose name and address it becomes. */
    meetingPlace: z
      .string({ error: 'Meeting place is required' })
      .trim()
      .max(MEETING_PLACE_MAX, {
        error: `Meeting place must be at most ${MEETING_PLACE_MAX} characters`,
      })
      .regex(...oneLine('Meeting place'))
      .optional(),
    /** One of the safe meeting spots (GET /api/meeting-spots). */
    meetingSpotId: idSchema.nullish(),
    /** The seller's time zone (IANA), so the calendar file says the time they meant. */
    timeZone: z
      .string({ error: 'The time zone must be text' })
      .refine(isTimeZone, { error: 'Unknown time zone' })
      .default('UTC'),
  })
  .refine((v) => !!v.meetingSpotId || !!v.meetingPlace, {
    error: 'Meeting place is required',
    path: ['meetingPlace'],
  });
export type AcceptBooking = z.input<typeof acceptBookingSchema>;

export const declineBookingSchema = z
  .object({ reason: reasonSchema.optional() })
  .nullish()
  .describe('An optional reason the buyer will see');
export type DeclineBooking = z.input<typeof declineBookingSchema>;

/**
 * The reasons offered when cancelling, by who cancels; "other" asks for a few words. What the
 * other side sees is the reason's label, and the words if any.
 */
export const CANCEL_REASONS = {
  changed_mind: 'I changed my mind',
  found_another: 'I found another phone',
  no_longer_for_sale: 'The phone is no longer for sale',
  meeting_unsuitable: 'The meeting time or place does not suit me',
  no_answer: 'The other side does not answer',
  no_show: 'The other side did not come to the meeting',
  failed_check: 'The phone did not pass the check at hand-over',
  other: 'Another reason',
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;
export const CANCEL_REASON_KEYS = Object.keys(CANCEL_REASONS) as [CancelReason, ...CancelReason[]];
export const CANCEL_REASONS_BY_SIDE: Record<'buyer' | 'seller', readonly CancelReason[]> = {
  buyer: [
    'changed_mind',
    'found_another',
    'meeting_unsuitable',
    'no_answer',
    'no_show',
    'failed_check',
    'other',
  ],
  seller: ['no_longer_for_sale', 'meeting_unsuitable', 'no_answer', 'no_show', 'other'],
};

/**
 * A preset reason with optional words, or (as before presets) words alone. "Another reason"
 * needs the words.
 */
const presetSchema = z.enum(CANCEL_REASON_KEYS, { error: 'Choose one of the reasons offered' });

export const cancelBookingSchema = z
  .object({ preset: presetSchema.optional(), reason: reasonSchema.optional() })
  .refine((v) => (v.preset !== undefined && v.preset !== 'other') || !!v.reason, {
    error: (issue) =>
      (issue.input as { preset?: unknown } | undefined)?.preset === 'other'
        ? 'Say why you cancel'
        : 'Choose a reason, or say why you cancel',
    path: ['reason'],
  });
/** The cancel form: one of the reasons is chosen; "other" needs words. */
export const cancelFormSchema = z
  .object({ preset: presetSchema, reason: reasonSchema })
  .refine((v) => v.preset !== 'other' || !!v.reason, {
    error: 'Say why you cancel',
    path: ['reason'],
  });
export type CancelBooking = z.input<typeof cancelBookingSchema>;

/** The reason a cancel records and the other side reads: the preset's label, then the words. */
export function cancelReasonText(input: z.output<typeof cancelBookingSchema>): string {
  const label = input.preset && input.preset !== 'other' ? CANCEL_REASONS[input.preset] : null;
  if (label && input.reason) return `${label}: ${input.reason}`;
  return label ?? input.reason ?? CANCEL_REASONS.other;
}

export const completeBookingSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The hand-over code is 6 digits' }),
});
export type CompleteBooking = z.input<typeof completeBookingSchema>;

/** A listing marked sold, and how many open requests that closed. */
export const markSoldSchema = z.object({
  productId: idSchema,
  status: z.literal('sold'),
  closedRequests: z.number().int(),
});
export type MarkSold = z.infer<typeof markSoldSchema>;
