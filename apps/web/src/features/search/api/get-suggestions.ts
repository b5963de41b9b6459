import type { SearchSuggestions } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';

/**
 * GET /api/search/suggest?q= : model names for what was typed. Read without the schema library,
 * since the top bar is on the first screen of every page; the server checks the answer's shape.
 */
export async function getSuggestions(text: string, signal: AbortSignal): Promise<string[]> {
  const answer = await apiRead<SearchSuggestions>('/search/suggest', {
    query: { q: text },
    signal,
  });
  return answer.suggestions;
}
