import { queryOptions, useQuery } from '@tanstack/react-query';
import { listingPageSchema, type ListingPage } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

/** GET /api/product/{id}: a listing's page, for anyone. */
export function getListing(id: string): Promise<ListingPage> {
  return apiRequest(`/product/${encodeURIComponent(id)}`, listingPageSchema);
}

export const listingQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: () => getListing(id) });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
