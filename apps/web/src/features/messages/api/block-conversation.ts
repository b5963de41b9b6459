import { useQueryClient } from '@tanstack/react-query';
import { conversationSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { conversationKeys } from './keys.ts';

export interface BlockVariables {
  conversationId: string;
  /** True blocks the other party; false lifts a block the reader set. */
  block: boolean;
}

/**
 * POST /api/conversations/{id}/block, or DELETE to unblock: nobody writes while it is blocked.
 * Answers the conversation as it is now.
 */
export function setConversationBlocked({ conversationId, block }: BlockVariables) {
  return apiRequest(
    `/conversations/${encodeURIComponent(conversationId)}/block`,
    conversationSchema,
    {
      method: block ? 'POST' : 'DELETE',
    },
  );
}

export function useSetConversationBlocked() {
  const queryClient = useQueryClient();
  return useWrite({
    write: async (variables: BlockVariables) => {
      const conversation = await setConversationBlocked(variables);
      queryClient.setQueryData(conversationKeys.detail(conversation._id), conversation);
      return conversation;
    },
    invalidates: [conversationKeys.lists()],
  });
}
