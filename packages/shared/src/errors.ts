import { z } from './zod.ts';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  /** 503 while a server builds its search index after starting; Retry-After says when to ask again. */
  'SEARCH_STARTING',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Field name (dotted path) to the message a person should see next to that field. */
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * Which refusal this is, the same in every language ('common.listing.sold'): for a client
     * that acts on the reason rather than shows it. The message is worded in the language the
     * request's Accept-Language asks for (English or Bangla; English otherwise).
     */
    reason: z.string().optional(),
    /**
     * The request's id (also its X-Request-Id header), on server errors (5xx) only: what a
     * person quotes so that the operator finds the request in the logs.
     */
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
