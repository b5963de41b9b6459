import { queryOptions, useQuery } from '@tanstack/react-query';
import { sellerProfileSchema, type SellerProfile } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { sellerKeys } from './keys.ts';

/** GET /api/sellers/{id}: a seller's public profile, for anyone. */
export function getSellerProfile(sellerId: string): Promise<SellerProfile> {
  return apiRequest(`/sellers/${encodeURIComponent(sellerId)}`, sellerProfileSchema);
}

export const sellerProfileQueryOptions = (sellerId: string) =>
  queryOptions({
    queryKey: sellerKeys.profile(sellerId),
    queryFn: () => getSellerProfile(sellerId),
  });

export function useSellerProfile(sellerId: string) {
  return useQuery(sellerProfileQueryOptions(sellerId));
}
