import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { notificationKeys, type NotificationListParams } from './keys.ts';

/** GET /api/notifications?cursor=&unread= : newest first; the Link header leads to older ones. */
export function getNotifications({ unreadOnly }: NotificationListParams, cursor?: string) {
  return apiPage('/notifications', notificationSchema, {
    query: { cursor, unread: unreadOnly ? 'true' : undefined },
  });
}

export const notificationsQueryOptions = (params: NotificationListParams) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ pageParam }) => getNotifications(params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useNotifications(params: NotificationListParams) {
  return useInfiniteQuery(notificationsQueryOptions(params));
}
