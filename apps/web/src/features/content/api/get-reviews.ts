import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewSchema, type Review } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export function getReviews(): Promise<Review[]> {
  return apiRequest('/reviews', reviewSchema.array());
}

export const reviewsQueryOptions = queryOptions({ queryKey: ['reviews'], queryFn: getReviews });

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}
