import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingPage } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

/**
 * GET /api/product/{id}: a listing's page, for anyone. The page's first read, so typed by the
 * shared schema but not parsed again: the server checked the answer against it (decision 0006).
 */
export function getListing(id: string): Promise<ListingPage> {
  return apiRead<ListingPage>(`/product/${encodeURIComponent(id)}`);
}

export const listingQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: () => getListing(id) });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
