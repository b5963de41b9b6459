/** What the other modules use of conversations: the count of a user's unread messages. */
export { countUnreadMessagesOf } from './conversations.repository.ts';
