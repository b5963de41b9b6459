import { bookingStateSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { requestLists } from './deal-keys.ts';

/** POST /booking/{id}/check-in: "I'm here", once per side, within the meeting window. */
export function checkIn(id: string) {
  return apiRequest(`/booking/${encodeURIComponent(id)}/check-in`, bookingStateSchema, {
    method: 'POST',
  });
}

export function useCheckIn() {
  return useWrite({ write: checkIn, invalidates: requestLists });
}
