import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { LiveEvent, Notification } from '@market/shared';
import type { Page } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

type NotificationList = InfiniteData<Page<Notification>>;

/** The list with `notification` on top (once: a replayed event changes nothing). */
export function listWithNotification(
  list: NotificationList,
  notification: Notification,
): NotificationList {
  if (list.pages.some((page) => page.items.some((n) => n._id === notification._id))) return list;
  const [newest, ...older] = list.pages;
  if (!newest) return list;
  return {
    ...list,
    pages: [
      { ...newest, items: [notification, ...newest.items], total: newest.total + 1 },
      ...older,
    ],
  };
}

/** A new notification goes on top of the lists shown (the bell's and the page's). */
export function applyNotificationEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type !== 'notification') return;
  for (const [key, list] of queryClient.getQueriesData<NotificationList>({
    queryKey: notificationKeys.lists(),
  })) {
    if (list) queryClient.setQueryData(key, listWithNotification(list, event.notification));
  }
}
