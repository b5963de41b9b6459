import { productSchema, type NewProduct } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { advertisementKeys, productKeys } from '../../catalog/api/keys.ts';
import { myProductKeys } from './keys.ts';

/** POST /api/add-product?email=: the server sets the seller, the id and the posting time. */
export function addProduct(email: string, product: NewProduct) {
  return apiRequest('/add-product', productSchema, {
    method: 'POST',
    query: { email },
    body: product,
  });
}

export function useAddProduct(email: string) {
  return useWrite({
    write: (product: NewProduct) => addProduct(email, product),
    // The category pages list every seller's products.
    invalidates: [myProductKeys.all, productKeys.lists(), advertisementKeys.all],
  });
}
