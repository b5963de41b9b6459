import { z } from '../zod.ts';

/** GET /api/push/key: the server's VAPID public key, as a browser's PushManager takes it. */
export const pushKeySchema = z.object({
  /** The P-256 public key, uncompressed, base64url without padding (87 characters). */
  publicKey: z.string(),
});
export type PushKey = z.infer<typeof pushKeySchema>;

const base64Url = (what: string, bytes: number) =>
  z
    .string({ error: `${what} must be a text` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${what} must be base64url` })
    // Unpadded base64 of n bytes is ceil(4n / 3) characters long.
    .refine((value) => value.replace(/=+$/, '').length === Math.ceil((4 * bytes) / 3), {
      error: `${what} must be ${bytes} bytes`,
    });

/** A push service's address, as the browser's PushSubscription gives it. */
export const pushEndpointSchema = z
  .url({ error: 'endpoint must be an https URL', protocol: /^https$/ })
  .max(1_000, { error: 'endpoint must be at most 1000 characters' });

/**
 * POST /api/push/subscriptions: the browser's PushSubscription (its `toJSON()`), and a name for
 * the device the person will recognise on their settings page.
 */
export const createPushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64Url('keys.p256dh', 65),
      /** The shared authentication secret (16 bytes). */
      auth: base64Url('keys.auth', 16),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
  deviceLabel: z
    .string({ error: 'deviceLabel must be a text' })
    .trim()
    .min(1, { error: 'deviceLabel must not be empty' })
    .max(80, { error: 'deviceLabel must be at most 80 characters' })
    .optional(),
});
export type CreatePushSubscription = z.input<typeof createPushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the device's subscription, named by its endpoint. */
export const deletePushSubscriptionSchema = z.object({ endpoint: pushEndpointSchema });
export type DeletePushSubscription = z.input<typeof deletePushSubscriptionSchema>;

/** A device that gets the caller's pushes. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  deviceLabel: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;

/**
 * What a push carries (the service worker reads it): the notification's title and the page it
 * leads to, nothing more, since the push service stores and forwards it.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
