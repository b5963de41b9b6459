import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../components/ui/list-pager.tsx';

/** GET /api/all-buyers: one page of buyers; the total comes from X-Total-Count. */
export function getBuyers(page: number) {
  return apiPage('/all-buyers', userSchema, { query: { page, limit: LIST_PAGE_SIZE } });
}

export const buyersQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['all-buyers', page], queryFn: () => getBuyers(page) });

export function useBuyers(page: number) {
  return useQuery({ ...buyersQueryOptions(page), placeholderData: keepPreviousData });
}
