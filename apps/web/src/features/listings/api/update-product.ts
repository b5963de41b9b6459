import { productSchema, type ProductPatch } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { advertisementKeys, productKeys } from '../../catalog/api/keys.ts';
import { wishlistKeys } from '../../wishlist/api/keys.ts';
import { myProductKeys } from './keys.ts';

/** PATCH /api/my-products/{id}: what is left out stays as it is. */
export function updateProduct(id: string, patch: ProductPatch) {
  return apiRequest(`/my-products/${encodeURIComponent(id)}`, productSchema, {
    method: 'PATCH',
    body: patch,
  });
}

export function useUpdateProduct(id: string) {
  return useWrite({
    write: (patch: ProductPatch) => updateProduct(id, patch),
    // Every list that shows the listing, its own page, and wish lists that show its price.
    invalidates: [myProductKeys.all, productKeys.all, advertisementKeys.all, wishlistKeys.all],
  });
}
