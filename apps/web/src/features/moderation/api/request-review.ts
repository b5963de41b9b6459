import { reportSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { myProductKeys } from '../../listings/api/keys.ts';
import { productKeys } from '../../catalog/api/keys.ts';
import { moderationKeys } from './keys.ts';

/** POST /api/my-products/{id}/review-request: the seller asks for a hidden listing's review. */
export function requestReview({ productId, note }: { productId: string; note?: string }) {
  return apiRequest(`/my-products/${encodeURIComponent(productId)}/review-request`, reportSchema, {
    method: 'POST',
    body: note ? { note } : {},
  });
}

export function useRequestReview() {
  return useWrite({
    write: requestReview,
    invalidates: [myProductKeys.all, productKeys.details(), moderationKeys.queue()],
  });
}
