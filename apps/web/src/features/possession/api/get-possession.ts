import { queryOptions, useQuery } from '@tanstack/react-query';
import { possessionSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { possessionKeys } from './keys.ts';

/** GET /api/me/listings/{id}/possession: the listing's code and where its photo stands. */
export function getPossession(productId: string) {
  return apiRequest(`/me/listings/${encodeURIComponent(productId)}/possession`, possessionSchema);
}

export const possessionQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: possessionKeys.own(productId),
    queryFn: () => getPossession(productId),
  });

export function usePossession(productId: string) {
  return useQuery(possessionQueryOptions(productId));
}
