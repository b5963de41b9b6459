import { modifiedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { advertisementKeys } from '../../catalog/api/keys.ts';
import { myProductKeys } from './keys.ts';

/** PUT /api/my-products/:id: puts the product in the home page's Advertisement section. */
export function advertiseProduct(productId: string) {
  return apiRequest(`/my-products/${encodeURIComponent(productId)}`, modifiedCountSchema, {
    method: 'PUT',
  });
}

export function useAdvertiseProduct() {
  return useWrite({
    write: advertiseProduct,
    invalidates: [myProductKeys.all, advertisementKeys.all],
  });
}
