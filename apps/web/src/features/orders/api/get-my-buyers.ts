import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sellerBuyerSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, type PageParams } from '../../../lib/paging.ts';
import { myBuyerKeys } from './keys.ts';

/** GET /api/my-buyers: the buyers who booked the signed-in seller's products, newest first. */
export function getMyBuyers({ page }: PageParams) {
  return apiPage('/my-buyers', sellerBuyerSchema, { query: { page, limit: LIST_PAGE_SIZE } });
}

export const myBuyersQueryOptions = (params: PageParams) =>
  queryOptions({ queryKey: myBuyerKeys.list(params), queryFn: () => getMyBuyers(params) });

export function useMyBuyers(params: PageParams) {
  return useQuery({ ...myBuyersQueryOptions(params), placeholderData: keepPreviousData });
}
