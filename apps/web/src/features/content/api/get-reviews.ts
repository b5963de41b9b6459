import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

export function getReviews(): Promise<Review[]> {
  return apiRead<Review[]>('/reviews');
}

export const reviewsQueryOptions = queryOptions({ queryKey: reviewKeys.all, queryFn: getReviews });

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}
