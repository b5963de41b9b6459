import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  MODEL_SUGGESTIONS_MAX,
  QUERY_STALE_MS,
  matchModels,
  modelSuggestionsSchema,
} from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { modelKeys, type ModelSuggestionParams } from './keys.ts';

/** GET /api/models?category=&q= : models to suggest for what the seller typed. */
export async function getModels(
  params: ModelSuggestionParams,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await apiRequest('/models', modelSuggestionsSchema, {
    query: { category: params.category, q: params.q },
    ...(signal ? { signal } : {}),
  });
  return answer.models;
}

export const modelsQueryOptions = (params: ModelSuggestionParams) =>
  queryOptions({
    queryKey: modelKeys.suggestions(params),
    queryFn: ({ signal }) => getModels(params, signal),
    staleTime: QUERY_STALE_MS,
    // A suggestion that comes late is no use: the next keystroke asks again.
    retry: false,
  });

/**
 * The suggestions for the words typed so far. While the next ones load, the last ones that
 * still match what is typed stay, so the list does not flicker.
 */
export function useModels(params: ModelSuggestionParams, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...modelsQueryOptions(params),
    enabled,
    placeholderData: (previous) =>
      previous && matchModels(params.q, previous, MODEL_SUGGESTIONS_MAX),
  });
}
