import { queryOptions, useQuery } from '@tanstack/react-query';
import { placeSuggestionsSchema, type Place } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { placeKeys } from './keys.ts';

/** GET /api/places/suggest?q= : cities and neighbourhoods beginning with what was typed. */
export async function getPlaceSuggestions(q: string, signal?: AbortSignal): Promise<Place[]> {
  const answer = await apiRequest('/places/suggest', placeSuggestionsSchema, {
    query: { q },
    ...(signal ? { signal } : {}),
  });
  return answer.places;
}

export const placeSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: placeKeys.suggestions(q),
    queryFn: ({ signal }) => getPlaceSuggestions(q, signal),
    // Places do not change while the server runs.
    staleTime: Infinity,
    // A suggestion that comes late is no use: the next keystroke asks again.
    retry: false,
  });

/** The suggestions for what is typed; the last ones stay while the next ones load. */
export function usePlaceSuggestions(q: string) {
  return useQuery({
    ...placeSuggestionsQueryOptions(q),
    enabled: q.trim() !== '',
    placeholderData: (previous) => previous,
  });
}
