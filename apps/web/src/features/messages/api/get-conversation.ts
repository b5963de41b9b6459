import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { conversationSchema, type Conversation } from '@market/shared';
import { apiRequest, type Page } from '../../../lib/api-client.ts';
import { conversationKeys } from './keys.ts';

/** GET /api/conversations/{id}: one of the reader's conversations, for its thread's header. */
export function getConversation(id: string): Promise<Conversation> {
  return apiRequest(`/conversations/${encodeURIComponent(id)}`, conversationSchema);
}

/** The conversation as an inbox page already read shows it, so that a thread opens at once. */
function fromInbox(queryClient: QueryClient, id: string): Conversation | undefined {
  for (const [, page] of queryClient.getQueriesData<Page<Conversation>>({
    queryKey: conversationKeys.lists(),
  })) {
    const found = page?.items.find((conversation) => conversation._id === id);
    if (found) return found;
  }
  return undefined;
}

export const conversationQueryOptions = (id: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: () => getConversation(id),
    initialData: () => fromInbox(queryClient, id),
    // What the inbox showed may be a moment old: it is checked again at once.
    initialDataUpdatedAt: 0,
  });

export function useConversation(id: string) {
  const queryClient = useQueryClient();
  return useQuery(conversationQueryOptions(id, queryClient));
}
