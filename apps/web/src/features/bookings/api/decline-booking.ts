import { bookingStateSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { requestLists } from './deal-keys.ts';

/** POST /booking/{id}/decline, with an optional reason the buyer sees. */
export function declineBooking({ id, reason }: { id: string; reason?: string }) {
  return apiRequest(`/booking/${encodeURIComponent(id)}/decline`, bookingStateSchema, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

export function useDeclineBooking() {
  return useWrite({ write: declineBooking, invalidates: requestLists });
}
