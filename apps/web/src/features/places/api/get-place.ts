import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { placeKeys } from './keys.ts';

/** GET /api/places/:id : one place (to name a search's `near`); not parsed again (decision 0006). */
export async function getPlace(id: number, signal?: AbortSignal): Promise<Place> {
  return apiRead<Place>(`/places/${id}`, signal ? { signal } : {});
}

export const placeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: placeKeys.one(id),
    queryFn: ({ signal }) => getPlace(id, signal),
    staleTime: Infinity,
  });

export function usePlace(id: number | undefined) {
  return useQuery({ ...placeQueryOptions(id ?? 0), enabled: id !== undefined });
}
