import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/my-products/:id: the product leaves every list; existing orders keep their copy. */
export function deleteProduct(productId: string) {
  return apiRequest(`/my-products/${encodeURIComponent(productId)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-products'] }),
        queryClient.invalidateQueries({ queryKey: ['advertisements'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
