import type { Notification, ReadNotifications } from '@market/shared';
import { apiSend } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useWrite } from '../../../lib/write.ts';
import { unreadKeys } from '../../messages/api/keys.ts';
import { notificationKeys } from './keys.ts';

/** POST /api/notifications/read: these entries, or every one when no ids are given. */
export function markNotificationsRead(body: ReadNotifications) {
  return apiSend('/notifications/read', { method: 'POST', body });
}

export function useMarkNotificationsRead() {
  return useWrite({
    write: markNotificationsRead,
    invalidates: [notificationKeys.all, unreadKeys.all],
  });
}

/**
 * Reading notifications from a list: an unread entry is marked read as it is opened, and "Mark
 * all read" marks every one. A failure is said in a toast; the entries stay as they were.
 */
export function useReadNotifications() {
  const markRead = useMarkNotificationsRead();
  return {
    pending: markRead.isPending,
    readOne(notification: Notification) {
      if (notification.readAt !== null) return;
      markRead.mutate(
        { ids: [notification._id] },
        { onError: (err) => notifyError('Marking a notification read', err) },
      );
    },
    readAll() {
      markRead.mutate({}, { onError: (err) => notifyError('Marking notifications read', err) });
    },
    /** The entries a list shows, seen as it opens: the unread ones among them are read. */
    seeShown(notifications: readonly Notification[]) {
      const ids = notifications.filter((n) => n.readAt === null).map((n) => n._id);
      if (ids.length === 0) return;
      markRead.mutate(
        { ids },
        { onError: (err) => notifyError('Marking notifications seen', err) },
      );
    },
  };
}
