import { queryOptions, useQuery } from '@tanstack/react-query';
import { unsubscribePreviewSchema } from '@market/shared';
import { apiRequest, apiSend } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { notificationSettingsKeys, unsubscribeKeys } from './keys.ts';

/** GET /api/unsubscribe?token= : what the email's link would turn off (changes nothing). */
export function getUnsubscribePreview(token: string) {
  return apiRequest('/unsubscribe', unsubscribePreviewSchema, { query: { token } });
}

export const unsubscribePreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: unsubscribeKeys.preview(token),
    queryFn: () => getUnsubscribePreview(token),
  });

export function useUnsubscribePreview(token: string) {
  // A refused link is refused again: asked once; a link without a token is not asked about.
  return useQuery({ ...unsubscribePreviewQueryOptions(token), retry: false, enabled: !!token });
}

/** POST /api/unsubscribe: turns that kind of email off; no sign-in needed. */
export function unsubscribe(token: string) {
  return apiSend('/unsubscribe', { method: 'POST', body: { token } });
}

export function useUnsubscribe() {
  return useWrite({ write: unsubscribe, invalidates: [notificationSettingsKeys.all] });
}
