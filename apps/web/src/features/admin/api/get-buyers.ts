import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { memberSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, type PageParams } from '../../../lib/paging.ts';
import { userKeys } from './keys.ts';

/** GET /api/all-buyers: one page of buyers; the total comes from X-Total-Count. */
export function getBuyers({ page }: PageParams) {
  return apiPage('/all-buyers', memberSchema, { query: { page, limit: LIST_PAGE_SIZE } });
}

export const buyersQueryOptions = (params: PageParams) =>
  queryOptions({ queryKey: userKeys.buyerList(params), queryFn: () => getBuyers(params) });

export function useBuyers(params: PageParams) {
  return useQuery({ ...buyersQueryOptions(params), placeholderData: keepPreviousData });
}
