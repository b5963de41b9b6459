import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Advertisement } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { advertisementKeys } from './keys.ts';

export function getAdvertisements(): Promise<Advertisement[]> {
  return apiRead<Advertisement[]>('/advertisement');
}

export const advertisementsQueryOptions = queryOptions({
  queryKey: advertisementKeys.all,
  queryFn: getAdvertisements,
});

export function useAdvertisements() {
  return useQuery(advertisementsQueryOptions);
}
