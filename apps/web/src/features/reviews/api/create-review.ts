import { sellerReviewSchema, type CreateSellerReview } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { productKeys } from '../../catalog/api/keys.ts';
import { myOrderKeys } from '../../orders/api/keys.ts';
import { sellerKeys } from './keys.ts';

/** What a review or its change shows in: the buyer's order, the profile, the seller's cards. */
export const reviewViews = [myOrderKeys.all, sellerKeys.all, productKeys.all] as const;

/** POST /api/seller-reviews: the buyer of a completed deal rates its seller. */
export function createReview(body: CreateSellerReview) {
  return apiRequest('/seller-reviews', sellerReviewSchema, { method: 'POST', body });
}

export function useCreateReview() {
  return useWrite({ write: createReview, invalidates: reviewViews });
}
