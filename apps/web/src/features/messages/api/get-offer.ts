import { queryOptions, useQuery } from '@tanstack/react-query';
import { offerSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { offerKeys } from '../../offers/api/keys.ts';

/** GET /offers/{id}: an offer as the reader (its buyer or its seller) sees it now. */
export function getOffer(id: string) {
  return apiRequest(`/offers/${encodeURIComponent(id)}`, offerSchema);
}

export const offerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: offerKeys.detail(id),
    queryFn: () => getOffer(id),
    // A new step's card mounts and reads the offer afresh; its older cards follow.
    staleTime: 0,
  });

/** Every card of an offer reads it; a new step's card arriving makes it stale. */
export function useOffer(id: string) {
  return useQuery(offerQueryOptions(id));
}
