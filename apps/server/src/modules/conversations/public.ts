/** What the other modules use of conversations: the count of a user's unread messages. */
export { countUnreadMessagesOf } from './conversations.repository.ts';
/** Offers show their steps as event cards in the buyer's conversation about the listing. */
export { offerConversationBlocked, recordOfferStep } from './offer-events.ts';
/** A person's data export shows each conversation and message as its reader reads them. */
export { toMessage } from './conversation-view.ts';
export { listAllConversationViews } from './conversations.repository.ts';
