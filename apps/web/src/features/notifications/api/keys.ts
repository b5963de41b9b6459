/**
 * The notifications' query keys, built only here: the list (all, or unread only) shared by the
 * bell and the notifications page, the email settings, and what an unsubscribe link turns off.
 */
export interface NotificationListParams {
  unreadOnly: boolean;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
};

export const notificationSettingsKeys = {
  all: ['notification-settings'] as const,
};

export const unsubscribeKeys = {
  all: ['unsubscribe'] as const,
  preview: (token: string) => [...unsubscribeKeys.all, token] as const,
};
