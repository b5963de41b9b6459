import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { conversationSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, type PageParams } from '../../../lib/paging.ts';
import { conversationKeys } from './keys.ts';

/** GET /api/conversations: the signed-in person's conversations, latest message first. */
export function getConversations({ page }: PageParams) {
  return apiPage('/conversations', conversationSchema, {
    query: { page, limit: LIST_PAGE_SIZE },
  });
}

export const conversationsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: () => getConversations(params),
  });

export function useConversations(params: PageParams) {
  return useQuery({ ...conversationsQueryOptions(params), placeholderData: keepPreviousData });
}
