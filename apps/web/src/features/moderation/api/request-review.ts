import type { Report } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { myProductKeys } from '../../listings/api/keys.ts';
import { productKeys } from '../../catalog/api/keys.ts';
import { moderationKeys } from './keys.ts';

/**
 * POST /api/my-products/{id}/review-request: the seller asks for a hidden listing's review. Sent
 * from the listing's page, so the answer is typed, not parsed again (decision 0006).
 */
export function requestReview({ productId, note }: { productId: string; note?: string }) {
  return apiRead<Report>(`/my-products/${encodeURIComponent(productId)}/review-request`, {
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
