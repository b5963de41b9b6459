import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../components/ui/list-pager.tsx';

/** GET /api/my-products?email=: one page of the seller's own products, newest first. */
export function getMyProducts(email: string, page: number) {
  return apiPage('/my-products', productSchema, {
    query: { email, page, limit: LIST_PAGE_SIZE },
  });
}

export const myProductsQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: ['my-products', email, page],
    queryFn: () => getMyProducts(email, page),
  });

export function useMyProducts(email: string, page: number) {
  return useQuery({ ...myProductsQueryOptions(email, page), placeholderData: keepPreviousData });
}
