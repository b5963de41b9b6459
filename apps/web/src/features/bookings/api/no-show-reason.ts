import { bookingStateSchema, type NoShowReason } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { requestLists } from './deal-keys.ts';

/** PUT /booking/{id}/no-show-reason: the absent side says why; moderators see it. */
export function putNoShowReason({ id, ...body }: NoShowReason & { id: string }) {
  return apiRequest(`/booking/${encodeURIComponent(id)}/no-show-reason`, bookingStateSchema, {
    method: 'PUT',
    body,
  });
}

export function useNoShowReason() {
  return useWrite({ write: putNoShowReason, invalidates: requestLists });
}
