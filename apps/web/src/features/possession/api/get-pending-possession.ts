import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pendingPossessionSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, type PageParams } from '../../../lib/paging.ts';
import { possessionKeys } from './keys.ts';

/** GET /api/admin/possession-photos: photos waiting for a moderator, oldest first. */
export function getPendingPossession({ page }: PageParams) {
  return apiPage('/admin/possession-photos', pendingPossessionSchema, {
    query: { page, limit: LIST_PAGE_SIZE },
  });
}

export const pendingPossessionQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: possessionKeys.pending(params),
    queryFn: () => getPendingPossession(params),
  });

export function usePendingPossession(params: PageParams) {
  return useQuery({ ...pendingPossessionQueryOptions(params), placeholderData: keepPreviousData });
}
