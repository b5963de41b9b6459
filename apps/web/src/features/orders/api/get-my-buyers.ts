import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sellerBuyerSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../components/ui/list-pager.tsx';

/** GET /api/my-buyers: the buyers who booked the signed-in seller's products, newest first. */
export function getMyBuyers(page: number) {
  return apiPage('/my-buyers', sellerBuyerSchema, { query: { page, limit: LIST_PAGE_SIZE } });
}

export const myBuyersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['my-buyers', page],
    queryFn: () => getMyBuyers(page),
  });

export function useMyBuyers(page: number) {
  return useQuery({ ...myBuyersQueryOptions(page), placeholderData: keepPreviousData });
}
