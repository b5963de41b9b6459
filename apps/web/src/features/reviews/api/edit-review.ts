import { sellerReviewSchema, type EditSellerReview } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { reviewViews } from './create-review.ts';

/** PUT /api/seller-reviews/{id}: its author changes a review, within 48 hours. */
export function editReview({ id, ...body }: EditSellerReview & { id: string }) {
  return apiRequest(`/seller-reviews/${encodeURIComponent(id)}`, sellerReviewSchema, {
    method: 'PUT',
    body,
  });
}

export function useEditReview() {
  return useWrite({ write: editReview, invalidates: reviewViews });
}
