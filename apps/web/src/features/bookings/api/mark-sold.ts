import type { MarkSold } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { listingViews, requestLists } from './deal-keys.ts';

/**
 * POST /my-products/{id}/sold: sold outside the site; its open requests are declined as sold.
 * Sent from the listing's page, so the answer is typed, not parsed again (decision 0006).
 */
export function markSold(productId: string) {
  return apiRead<MarkSold>(`/my-products/${encodeURIComponent(productId)}/sold`, {
    method: 'POST',
  });
}

export function useMarkSold() {
  return useWrite({ write: markSold, invalidates: [...requestLists, ...listingViews] });
}
