import { markSoldSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { listingViews, requestLists } from './deal-keys.ts';

/** POST /my-products/{id}/sold: sold outside the site; its open requests are declined as sold. */
export function markSold(productId: string) {
  return apiRequest(`/my-products/${encodeURIComponent(productId)}/sold`, markSoldSchema, {
    method: 'POST',
  });
}

export function useMarkSold() {
  return useWrite({ write: markSold, invalidates: [...requestLists, ...listingViews] });
}
