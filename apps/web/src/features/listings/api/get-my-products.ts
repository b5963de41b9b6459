import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { myProductSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { myProductKeys, type MyProductListParams } from './keys.ts';

/**
 * GET /api/my-products?email=: one page of the seller's own products, newest first, each with how
 * many buyers booked it.
 */
export function getMyProducts({ email, page }: MyProductListParams) {
  return apiPage('/my-products', myProductSchema, {
    query: { email, page, limit: LIST_PAGE_SIZE },
  });
}

export const myProductsQueryOptions = (params: MyProductListParams) =>
  queryOptions({ queryKey: myProductKeys.list(params), queryFn: () => getMyProducts(params) });

export function useMyProducts(params: MyProductListParams) {
  return useQuery({ ...myProductsQueryOptions(params), placeholderData: keepPreviousData });
}
