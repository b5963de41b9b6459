import { z } from '../zod.ts';
import { idSchema, oneLine, paginationQuerySchema } from './common.ts';
import { placeIdQuerySchema, placeIdSchema } from './places.ts';

/*
 * Safe meeting spots and shared meeting plans (decision 0034). Admins list public places to meet
 * (a police station, a shopping centre, a station, a seller's shop); a seller accepting a request
 * picks one near the listing's area, or types a place. Either party of an accepted deal can make
 * a link to the meeting plan for someone they trust: the time, the spot, the phone's photo and
 * name, and the other party's first name, nothing to contact anyone by.
 */

export const MEETING_SPOT_KINDS = [
  'police_station',
  'shopping_centre',
  'station',
  'seller_shop',
] as const;
export type MeetingSpotKind = (typeof MEETING_SPOT_KINDS)[number];
export const MEETING_SPOT_KIND_LABELS = {
  police_station: 'Police station',
  shopping_centre: 'Shopping centre',
  station: 'Station',
  seller_shop: "Seller's shop",
} as const satisfies Record<MeetingSpotKind, string>;

export const MEETING_SPOT_NAME_MAX = 100;
export const MEETING_SPOT_ADDRESS_MAX = 200;
export const MEETING_SPOT_HOURS_MAX = 100;
/** How far from a place `near=` looks for spots unless `radiusKm` says otherwise. */
export const MEETING_SPOTS_NEAR_KM = 25;
export const MEETING_SPOTS_RADIUS_MAX_KM = 500;
/** A shared meeting plan stops opening this long after the meeting's time. */
export const MEETING_PLAN_HOURS_AFTER = 12;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .regex(...oneLine(label));

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-limit, { error: `${label} must be between -${limit} and ${limit}` })
    .max(limit, { error: `${label} must be between -${limit} and ${limit}` });

export const meetingSpotKindSchema = z.enum(MEETING_SPOT_KINDS, {
  error: 'Choose the kind of place: police station, shopping centre, station or seller’s shop',
});

/** A spot as every answer shows it. Its coordinates are a public place's. */
export const meetingSpotSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string(),
  placeId: z.number().int(),
  /** The place it is in, as its name is shown ("Gulshan, Dhaka"). */
  area: z.string(),
  lat: z.number(),
  lon: z.number(),
  openingHours: z.string(),
  kind: meetingSpotKindSchema,
  /** From the place asked about with `near=`, rounded; null without `near=`. */
  distanceKm: z.number().nullable(),
});
export type MeetingSpot = z.infer<typeof meetingSpotSchema>;

/** What an admin sends to add or change a spot. The place's id must be a place we know. */
export const meetingSpotInputSchema = z.object({
  name: text('Name', MEETING_SPOT_NAME_MAX),
  address: text('Address', MEETING_SPOT_ADDRESS_MAX),
  placeId: placeIdSchema,
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
  openingHours: text('Opening hours', MEETING_SPOT_HOURS_MAX),
  kind: meetingSpotKindSchema,
});
export type MeetingSpotInput = z.input<typeof meetingSpotInputSchema>;

/** GET /api/meeting-spots: every spot by area, or those within `radiusKm` of a place, nearest first. */
export const meetingSpotsQuerySchema = paginationQuerySchema.extend({
  near: placeIdQuerySchema.optional(),
  radiusKm: z.coerce
    .number({ error: 'The radius must be a number of kilometres' })
    .int({ error: 'The radius must be a whole number of kilometres' })
    .min(1, { error: `The radius must be between 1 and ${MEETING_SPOTS_RADIUS_MAX_KM} km` })
    .max(MEETING_SPOTS_RADIUS_MAX_KM, {
      error: `The radius must be between 1 and ${MEETING_SPOTS_RADIUS_MAX_KM} km`,
    })
    .default(MEETING_SPOTS_NEAR_KM),
});
export type MeetingSpotsQuery = z.input<typeof meetingSpotsQuerySchema>;

export const removedSpotSchema = z.object({ removed: z.literal(true) });

/** A party's link to their meeting plan, while it is live. */
export const meetingPlanShareSchema = z.object({
  url: z.url(),
  createdAt: z.iso.datetime({ offset: true }),
  /** MEETING_PLAN_HOURS_AFTER the meeting: the link opens nothing after it. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type MeetingPlanShare = z.infer<typeof meetingPlanShareSchema>;

/** GET /api/booking/{id}/share: the caller's live link, if any. */
export const meetingPlanShareStateSchema = z.object({ share: meetingPlanShareSchema.nullable() });
export type MeetingPlanShareState = z.infer<typeof meetingPlanShareStateSchema>;

export const revokedShareSchema = z.object({ revoked: z.boolean() });

export const meetingPlanTokenParamsSchema = z.object({ token: z.string().max(200) });

/**
 * What a shared link shows: the meeting, the phone, and the other party's first name. No phone
 * number, email, hand-over code or last name: the person it was shared with contacts the sharer.
 */
export const meetingPlanSchema = z.object({
  status: z.enum(['accepted', 'completed']),
  meetingAt: z.iso.datetime({ offset: true }),
  /** The IANA zone the meeting was set in, to show it as the parties agreed it. */
  timeZone: z.string(),
  /** The place as the seller set it (a spot's name and address, or the words typed). */
  place: z.string(),
  spot: meetingSpotSchema.omit({ distanceKm: true }).nullable(),
  productName: z.string(),
  imageUrl: z.string(),
  /** Who shared it, and the first name of the person they meet. */
  sharedBy: z.enum(['buyer', 'seller']),
  otherFirstName: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type MeetingPlan = z.infer<typeof meetingPlanSchema>;
