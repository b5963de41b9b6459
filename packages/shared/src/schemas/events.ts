import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import { messageSchema, unreadCountsSchema } from './conversations.ts';
import { notificationSchema } from './notifications.ts';

/*
 * GET /api/events: one Server-Sent Events stream per signed-in tab. Each event's `id:` is the
 * position of the event in the reader's own event log, so a reconnecting browser sends
 * Last-Event-ID and gets what it missed, once, in order. The `event:` name is the `type` below and
 * the `data:` line is the JSON of the whole event.
 */

export const liveEventSchema = z.discriminatedUnion('type', [
  /** A new message in one of the reader's conversations (theirs too, for their other tabs). */
  z.object({ type: z.literal('message'), conversationId: idSchema, message: messageSchema }),
  /** The other party read the reader's messages up to this time. */
  z.object({
    type: z.literal('read'),
    conversationId: idSchema,
    readAt: z.iso.datetime({ offset: true }),
  }),
  /** A booking request of the reader's changed (asked, accepted, declined, cancelled, ...). */
  z.object({ type: z.literal('booking'), bookingId: idSchema, status: z.string() }),
  /** A conversation was blocked or unblocked. */
  z.object({ type: z.literal('conversation'), conversationId: idSchema }),
  /** A new notification for the reader. */
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  /** The reader's unread counts now. */
  z.object({ type: z.literal('unread'), counts: unreadCountsSchema }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
