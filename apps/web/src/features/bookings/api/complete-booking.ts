import { bookingStateSchema, type CompleteBooking } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { listingViews, requestLists } from './deal-keys.ts';

/** POST /booking/{id}/complete with the buyer's hand-over code: the listing is sold. */
export function completeBooking({ id, ...body }: CompleteBooking & { id: string }) {
  return apiRequest(`/booking/${encodeURIComponent(id)}/complete`, bookingStateSchema, {
    method: 'POST',
    body,
  });
}

export function useCompleteBooking() {
  return useWrite({ write: completeBooking, invalidates: [...requestLists, ...listingViews] });
}
