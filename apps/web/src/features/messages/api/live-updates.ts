import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@market/shared';
import { setUnreadCounts } from './get-unread-counts.ts';
import { conversationKeys } from './keys.ts';
import { addMessage, markSeen } from './thread-cache.ts';

/** What the live stream's messaging events change in the caches of the inbox and the threads. */
export function applyMessagingEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'message':
      addMessage(queryClient, event.conversationId, event.message);
      return;
    case 'read':
      markSeen(queryClient, event.conversationId, event.readAt);
      return;
    case 'conversation':
      // Blocked or unblocked: the thread's header and composer, and the inbox, follow.
      void queryClient.invalidateQueries({
        queryKey: conversationKeys.detail(event.conversationId),
      });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
      return;
    case 'unread':
      setUnreadCounts(queryClient, event.counts);
      return;
    default:
      return;
  }
}

/**
 * A booking changed: once a seller accepts, the buyer's and seller's contact details show in
 * their conversations, so every conversation and thread is read again.
 */
export function refreshConversations(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
}
