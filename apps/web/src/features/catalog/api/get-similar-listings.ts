import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimilarListings } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

/**
 * GET /api/product/{id}/similar: phones like a listing that is no longer available; read on the
 * listing's first screen, so not parsed again (decision 0006).
 */
export function getSimilarListings(id: string): Promise<SimilarListings> {
  return apiRead<SimilarListings>(`/product/${encodeURIComponent(id)}/similar`);
}

export const similarListingsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.similar(id),
    queryFn: () => getSimilarListings(id),
  });

export function useSimilarListings(id: string) {
  return useQuery(similarListingsQueryOptions(id));
}
