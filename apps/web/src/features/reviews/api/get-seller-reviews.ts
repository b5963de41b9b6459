import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REVIEWS_PAGE_SIZE, sellerReviewSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import type { PageParams } from '../../../lib/paging.ts';
import { sellerKeys } from './keys.ts';

/** GET /api/sellers/{id}/reviews: one page of a seller's reviews, newest first. */
export function getSellerReviews(sellerId: string, { page }: PageParams) {
  return apiPage(`/sellers/${encodeURIComponent(sellerId)}/reviews`, sellerReviewSchema, {
    query: { page, limit: REVIEWS_PAGE_SIZE },
  });
}

export const sellerReviewsQueryOptions = (sellerId: string, params: PageParams) =>
  queryOptions({
    queryKey: sellerKeys.reviews(sellerId, params),
    queryFn: () => getSellerReviews(sellerId, params),
  });

export function useSellerReviews(sellerId: string, params: PageParams) {
  return useQuery({
    ...sellerReviewsQueryOptions(sellerId, params),
    placeholderData: keepPreviousData,
  });
}
