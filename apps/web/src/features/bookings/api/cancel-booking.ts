import { bookingStateSchema, type CancelBooking } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { listingViews, requestLists } from './deal-keys.ts';

/** POST /booking/{id}/cancel: either side, with a reason; frees a reserved listing. */
export function cancelBooking({ id, ...body }: CancelBooking & { id: string }) {
  return apiRequest(`/booking/${encodeURIComponent(id)}/cancel`, bookingStateSchema, {
    method: 'POST',
    body,
  });
}

export function useCancelBooking() {
  return useWrite({ write: cancelBooking, invalidates: [...requestLists, ...listingViews] });
}
