import { sellerReviewSchema, type ReplySellerReview } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { myOrderKeys } from '../../orders/api/keys.ts';
import { sellerKeys } from './keys.ts';

/** POST /api/seller-reviews/{id}/reply: the reviewed seller answers, once. */
export function replyToReview({ id, ...body }: ReplySellerReview & { id: string }) {
  return apiRequest(`/seller-reviews/${encodeURIComponent(id)}/reply`, sellerReviewSchema, {
    method: 'POST',
    body,
  });
}

export function useReplyToReview() {
  return useWrite({ write: replyToReview, invalidates: [sellerKeys.all, myOrderKeys.all] });
}
