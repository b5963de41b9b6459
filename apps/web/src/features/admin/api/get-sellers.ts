import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../components/ui/list-pager.tsx';

/** GET /api/all-sellers: one page of sellers; the total comes from X-Total-Count. */
export function getSellers(page: number) {
  return apiPage('/all-sellers', userSchema, { query: { page, limit: LIST_PAGE_SIZE } });
}

export const sellersQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['all-sellers', page], queryFn: () => getSellers(page) });

export function useSellers(page: number) {
  return useQuery({ ...sellersQueryOptions(page), placeholderData: keepPreviousData });
}
