import { z } from '../zod.ts';
import { coarseCoordinate } from '../distance.ts';

/*
 * Places (decision 0033): cities and neighbourhoods from the gazetteer the server ships. A
 * place is answered with its centre, rounded to two decimals (about 1 km): nothing finer about
 * where a listing or a person is ever leaves the server.
 */

/** The largest place id: GeoNames ids, and the product's own places from 2,000,000,001 on. */
export const PLACE_ID_MAX = 2_147_483_647;
export const PLACE_ID_MESSAGE = 'Choose an area from the suggestions';
export const PLACE_SUGGESTIONS_MAX = 10;
export const PLACE_QUERY_MAX = 80;
export const PLACE_NOTE_MAX = 80;

/** A place id in a JSON body: a whole number. */
export const placeIdSchema = z
  .number({ error: PLACE_ID_MESSAGE })
  .int({ error: PLACE_ID_MESSAGE })
  .min(1, { error: PLACE_ID_MESSAGE })
  .max(PLACE_ID_MAX, { error: PLACE_ID_MESSAGE });

/** A place id in an address (`?near=1185241`): digits only, then the same rule. */
export const placeIdQuerySchema = z
  .string({ error: PLACE_ID_MESSAGE })
  .regex(/^[0-9]{1,10}$/, { error: PLACE_ID_MESSAGE })
  .transform(Number)
  .pipe(placeIdSchema);

export const PLACE_KINDS = ['city', 'neighbourhood'] as const;
export const placeKindSchema = z.enum(PLACE_KINDS);
export type PlaceKind = z.infer<typeof placeKindSchema>;

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

/** A place as answered: its names and its rounded centre. */
export const placeSchema = z.object({
  id: placeIdSchema,
  name: z.string(),
  kind: placeKindSchema,
  /** The city a neighbourhood belongs to; null for a city. */
  city: z.string().nullable(),
  /** ISO 3166 code, e.g. BD. */
  country: z.string().length(2),
  countryName: z.string(),
  /** The name to show: "Gulshan, Dhaka", "Sylhet, Bangladesh". */
  label: z.string(),
  lat: latitudeSchema,
  lon: longitudeSchema,
});
export type Place = z.infer<typeof placeSchema>;

/** `GET /api/places/suggest?q=gul`: places whose name (or another name of it) begins so. */
export const placeSuggestQuerySchema = z.object({
  q: z
    .string({ error: 'Type the first letters of an area' })
    .trim()
    .min(1, { error: 'Type the first letters of an area' })
    .max(PLACE_QUERY_MAX, { error: `Type at most ${PLACE_QUERY_MAX} characters` }),
  limit: z.coerce
    .number({ error: `limit must be a number from 1 to ${PLACE_SUGGESTIONS_MAX}` })
    .int({ error: `limit must be a number from 1 to ${PLACE_SUGGESTIONS_MAX}` })
    .min(1, { error: `limit must be a number from 1 to ${PLACE_SUGGESTIONS_MAX}` })
    .max(PLACE_SUGGESTIONS_MAX, {
      error: `limit must be a number from 1 to ${PLACE_SUGGESTIONS_MAX}`,
    })
    .default(8),
});
export type PlaceSuggestQuery = z.input<typeof placeSuggestQuerySchema>;

export const placeSuggestionsSchema = z.object({
  places: z.array(placeSchema).max(PLACE_SUGGESTIONS_MAX),
});
export type PlaceSuggestions = z.infer<typeof placeSuggestionsSchema>;

export const placeParamsSchema = z.object({ id: placeIdQuerySchema });

export const AREA_KIND_MESSAGE = 'Choose an area from the suggestions, or give lat and lon';

/** A buyer's own area as answered to them: a place, or their position (two decimals). */
export const buyerAreaSchema = z.object({
  /** The place chosen; null for a position. */
  placeId: placeIdSchema.nullable(),
  /** "Gulshan, Dhaka", or "Near Gulshan, Dhaka" for a position. */
  label: z.string(),
  lat: latitudeSchema,
  lon: longitudeSchema,
});
export type BuyerArea = z.infer<typeof buyerAreaSchema>;

/** `GET /api/me/area`, and the answer of saving one. */
export const buyerAreaAnswerSchema = z.object({ area: buyerAreaSchema.nullable() });
export type BuyerAreaAnswer = z.infer<typeof buyerAreaAnswerSchema>;

/**
 * `PUT /api/me/area`: a place from the suggestions (`placeId`), or the browser's position
 * (`lat`, `lon`), kept only to two decimals (about 1 km).
 */
export const setBuyerAreaSchema = z
  .object({
    placeId: placeIdSchema.optional(),
    lat: z
      .number({ error: 'lat must be a latitude from -90 to 90' })
      .min(-90, { error: 'lat must be a latitude from -90 to 90' })
      .max(90, { error: 'lat must be a latitude from -90 to 90' })
      .transform(coarseCoordinate)
      .optional(),
    lon: z
      .number({ error: 'lon must be a longitude from -180 to 180' })
      .min(-180, { error: 'lon must be a longitude from -180 to 180' })
      .max(180, { error: 'lon must be a longitude from -180 to 180' })
      .transform(coarseCoordinate)
      .optional(),
  })
  .strict()
  .refine(
    (a) =>
      (a.placeId !== undefined && a.lat === undefined && a.lon === undefined) ||
      (a.placeId === undefined && a.lat !== undefined && a.lon !== undefined),
    { error: AREA_KIND_MESSAGE, path: ['placeId'] },
  );
export type SetBuyerArea = z.input<typeof setBuyerAreaSchema>;
