/**
 * What the other modules use of notifications: the notices each kind of change sends (they
 * record in the caller's transaction), and the one count of unread messages and notifications.
 */
export type { Notices, Notifier } from './notify.ts';
export { notifyPriceDrop, notifySavedSold, notifySellerVerified } from './listing-notifications.ts';
export { notifyNewMessage, readMessageNotices } from './message-notifications.ts';
export {
  announceBookingChange,
  announceCodeRenewed,
  announceCheckIn,
  announceNoShow,
  utcTime,
  type BookingFacts,
} from './booking-notifications.ts';
export { unreadCountsOf } from './unread-counts.ts';
export { outboxBacklog, type OutboxBacklog } from './outbox.repository.ts';
