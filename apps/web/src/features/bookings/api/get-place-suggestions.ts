import { placeSuggestionsSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/places/suggest: the gazetteer's places whose name begins with what was typed. */
export function getPlaceSuggestions(text: string, signal?: AbortSignal) {
  return apiRequest('/places/suggest', placeSuggestionsSchema, {
    query: { q: text, limit: 8 },
    ...(signal ? { signal } : {}),
  });
}
