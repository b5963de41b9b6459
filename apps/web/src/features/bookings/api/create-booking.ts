import { bookingSchema, type CreateBooking } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { marksKeys } from '../../marks/api/keys.ts';
import { myBuyerKeys, myOrderKeys } from '../../orders/api/keys.ts';

/** POST /booking: name, email, product name, price and image come from the server's records. */
export function createBooking(body: CreateBooking) {
  return apiRequest('/booking', bookingSchema, { method: 'POST', body });
}

export function useCreateBooking() {
  return useWrite({
    write: createBooking,
    // The card of the booked product shows 'Booked' from the marks.
    invalidates: [myOrderKeys.all, myBuyerKeys.all, marksKeys.all],
  });
}
