import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSchema, type NewProduct } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/add-product?email=: the server sets the seller, the id and the posting time. */
export function addProduct(email: string, product: NewProduct) {
  return apiRequest('/add-product', productSchema, {
    method: 'POST',
    query: { email },
    body: product,
  });
}

export function useAddProduct(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: NewProduct) => addProduct(email, product),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-products'] }),
        // The category pages list every seller's products.
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
