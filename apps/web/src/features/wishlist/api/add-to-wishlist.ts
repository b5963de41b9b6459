import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgedSchema, type AddWishlist } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /wish-list: the server builds the entry from the product and the session. */
export function addToWishlist(body: AddWishlist) {
  return apiRequest('/wish-list', acknowledgedSchema, { method: 'POST', body });
}

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wishlist'] }),
  });
}
