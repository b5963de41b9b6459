import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingSchema, type CreateBooking } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /booking: name, email, product name, price and image come from the server's records. */
export function createBooking(body: CreateBooking) {
  return apiRequest('/booking', bookingSchema, { method: 'POST', body });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['my-buyers'] }),
      ]),
  });
}
