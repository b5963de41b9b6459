import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';

export function getReviews(): Promise<Review[]> {
  return apiRead<Review[]>('/reviews');
}

export const reviewsQueryOptions = queryOptions({ queryKey: ['reviews'], queryFn: getReviews });

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}
