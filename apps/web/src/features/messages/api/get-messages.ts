import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { messageSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { conversationKeys } from './keys.ts';

/**
 * GET /api/conversations/{id}/messages?cursor= : a page of messages, newest first; the next
 * page (from the Link header) holds older ones.
 */
export function getMessages(conversationId: string, cursor: string | undefined) {
  return apiPage(`/conversations/${encodeURIComponent(conversationId)}/messages`, messageSchema, {
    query: { cursor },
  });
}

export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ pageParam }) => getMessages(conversationId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useMessages(conversationId: string) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}
