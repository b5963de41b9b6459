import { z } from '@market/shared/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { deletedCountSchema, savedSearchSchema, type CreateSavedSearch } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { savedSearchKeys } from './keys.ts';

const savedSearchesSchema = z.array(savedSearchSchema);

/** GET /api/saved-searches: the signed-in buyer's saved searches, newest first. */
export function getSavedSearches() {
  return apiRequest('/saved-searches', savedSearchesSchema);
}

export const savedSearchesQueryOptions = queryOptions({
  queryKey: savedSearchKeys.all,
  queryFn: getSavedSearches,
});

export function useSavedSearches(options: { enabled?: boolean } = {}) {
  return useQuery({ ...savedSearchesQueryOptions, enabled: options.enabled ?? true });
}

/** POST /api/saved-searches */
export function createSavedSearch(body: CreateSavedSearch) {
  return apiRequest('/saved-searches', savedSearchSchema, { method: 'POST', body });
}

export function useCreateSavedSearch() {
  return useWrite({ write: createSavedSearch, invalidates: [savedSearchKeys.all] });
}

/** DELETE /api/saved-searches/:id */
export function deleteSavedSearch(id: string) {
  return apiRequest(`/saved-searches/${encodeURIComponent(id)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteSavedSearch() {
  return useWrite({ write: deleteSavedSearch, invalidates: [savedSearchKeys.all] });
}

/** POST /api/saved-searches/:id/viewed: the buyer opens it; its new matches are seen. */
export function viewSavedSearch(id: string) {
  return apiRequest(`/saved-searches/${encodeURIComponent(id)}/viewed`, savedSearchSchema, {
    method: 'POST',
  });
}

export function useViewSavedSearch() {
  return useWrite({ write: viewSavedSearch, invalidates: [savedSearchKeys.all] });
}
