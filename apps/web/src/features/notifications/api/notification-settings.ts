import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema, type UpdateNotificationSettings } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { notificationSettingsKeys } from './keys.ts';

/** GET /api/me/notification-settings: which kinds of notification also come by email. */
export function getNotificationSettings() {
  return apiRequest('/me/notification-settings', notificationSettingsSchema);
}

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationSettingsKeys.all,
  queryFn: getNotificationSettings,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

/** PUT /api/me/notification-settings: the kinds given are turned on or off. */
export function updateNotificationSettings(body: UpdateNotificationSettings) {
  return apiRequest('/me/notification-settings', notificationSettingsSchema, {
    method: 'PUT',
    body,
  });
}

export function useUpdateNotificationSettings() {
  return useWrite({
    write: updateNotificationSettings,
    invalidates: [notificationSettingsKeys.all],
  });
}
