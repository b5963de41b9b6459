import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UnreadCounts } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { unreadKeys } from './keys.ts';

/**
 * GET /api/me/unread. Read without the schema library: the top bar shows the counts on every
 * page, and the server checks the answer's shape on its way out.
 */
export function getUnreadCounts(): Promise<UnreadCounts> {
  return apiRead<UnreadCounts>('/me/unread');
}

export const unreadCountsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: unreadKeys.of(userId), queryFn: getUnreadCounts });

/**
 * The signed-in user's counts, fetched once and then kept current by the live stream: a top bar
 * that mounts (the dashboard's, the public pages') does not ask again, nor does one that shows
 * while signing out.
 */
export function useUnreadCounts(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...unreadCountsQueryOptions(userId), enabled, refetchOnMount: false });
}

/** New counts (from the live stream, or a write's answer) for whoever is signed in. */
export function setUnreadCounts(queryClient: QueryClient, counts: UnreadCounts): void {
  queryClient.setQueriesData<UnreadCounts>({ queryKey: unreadKeys.all }, counts);
}
