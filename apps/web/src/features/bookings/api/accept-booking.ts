import { bookingStateSchema, type AcceptBooking } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { listingViews, requestLists } from './deal-keys.ts';

/** POST /booking/{id}/accept: the listing becomes reserved for this buyer. */
export function acceptBooking({ id, ...body }: AcceptBooking & { id: string }) {
  return apiRequest(`/booking/${encodeURIComponent(id)}/accept`, bookingStateSchema, {
    method: 'POST',
    body,
  });
}

export function useAcceptBooking() {
  return useWrite({ write: acceptBooking, invalidates: [...requestLists, ...listingViews] });
}
