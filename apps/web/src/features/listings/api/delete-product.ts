import { deletedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { advertisementKeys, productKeys } from '../../catalog/api/keys.ts';
import { myProductKeys } from './keys.ts';

/** DELETE /api/my-products/:id: the product leaves every list; existing orders keep their copy. */
export function deleteProduct(productId: string) {
  return apiRequest(`/my-products/${encodeURIComponent(productId)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteProduct() {
  return useWrite({
    write: deleteProduct,
    invalidates: [myProductKeys.all, productKeys.all, advertisementKeys.all],
  });
}
