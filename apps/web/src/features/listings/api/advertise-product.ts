import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/my-products/:id: puts the product in the home page's Advertisement section. */
export function advertiseProduct(productId: string) {
  return apiRequest(`/my-products/${encodeURIComponent(productId)}`, modifiedCountSchema, {
    method: 'PUT',
  });
}

export function useAdvertiseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advertiseProduct,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-products'] }),
        queryClient.invalidateQueries({ queryKey: ['advertisements'] }),
      ]);
    },
  });
}
