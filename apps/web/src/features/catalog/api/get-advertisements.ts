import { queryOptions, useQuery } from '@tanstack/react-query';
import { advertisementSchema, type Advertisement } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export function getAdvertisements(): Promise<Advertisement[]> {
  return apiRequest('/advertisement', advertisementSchema.array());
}

export const advertisementsQueryOptions = queryOptions({
  queryKey: ['advertisements'],
  queryFn: getAdvertisements,
});

export function useAdvertisements() {
  return useQuery(advertisementsQueryOptions);
}
