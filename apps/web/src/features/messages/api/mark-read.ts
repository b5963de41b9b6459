import { useQueryClient } from '@tanstack/react-query';
import { unreadCountsSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { setUnreadCounts } from './get-unread-counts.ts';
import { conversationKeys } from './keys.ts';
import { notificationKeys } from '../../notifications/api/keys.ts';

/**
 * POST /api/conversations/{id}/read: the other party's messages here are read. Answers the
 * reader's unread counts, which the top bar shows at once.
 */
export function markConversationRead(conversationId: string) {
  return apiRequest(
    `/conversations/${encodeURIComponent(conversationId)}/read`,
    unreadCountsSchema,
    {
      method: 'POST',
    },
  );
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useWrite({
    write: async (conversationId: string) => {
      const counts = await markConversationRead(conversationId);
      setUnreadCounts(queryClient, counts);
      return counts;
    },
    // The conversation's message notices are read with it.
    invalidates: [conversationKeys.lists(), conversationKeys.details(), notificationKeys.all],
  });
}
