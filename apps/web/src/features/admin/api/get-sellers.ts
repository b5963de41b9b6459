import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { memberSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, type PageParams } from '../../../lib/paging.ts';
import { userKeys } from './keys.ts';

/** GET /api/all-sellers: one page of sellers; the total comes from X-Total-Count. */
export function getSellers({ page }: PageParams) {
  return apiPage('/all-sellers', memberSchema, { query: { page, limit: LIST_PAGE_SIZE } });
}

export const sellersQueryOptions = (params: PageParams) =>
  queryOptions({ queryKey: userKeys.sellerList(params), queryFn: () => getSellers(params) });

export function useSellers(params: PageParams) {
  return useQuery({ ...sellersQueryOptions(params), placeholderData: keepPreviousData });
}
