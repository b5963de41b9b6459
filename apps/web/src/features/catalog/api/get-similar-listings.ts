import { queryOptions, useQuery } from '@tanstack/react-query';
import { similarListingsSchema, type SimilarListings } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

/** GET /api/product/{id}/similar: phones like a listing that is no longer available. */
export function getSimilarListings(id: string): Promise<SimilarListings> {
  return apiRequest(`/product/${encodeURIComponent(id)}/similar`, similarListingsSchema);
}

export const similarListingsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.similar(id),
    queryFn: () => getSimilarListings(id),
  });

export function useSimilarListings(id: string) {
  return useQuery(similarListingsQueryOptions(id));
}
