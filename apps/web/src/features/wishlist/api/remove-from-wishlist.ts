import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/wish-list/:id */
export function removeFromWishlist(itemId: string) {
  return apiRequest(`/wish-list/${encodeURIComponent(itemId)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wishlist'] }),
  });
}
