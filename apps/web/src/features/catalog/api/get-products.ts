import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, productSchema, type Product } from '@market/shared';
import { apiPage, type Page } from '../../../lib/api-client.ts';

/** One page of a category's products, with the true total from X-Total-Count. */
export function getProducts(category: string, page: number): Promise<Page<Product>> {
  return apiPage(`/products/${encodeURIComponent(category)}`, productSchema, {
    query: { page, limit: PAGE_SIZE_DEFAULT },
  });
}

export const productsQueryOptions = (category: string, page: number) =>
  queryOptions({
    queryKey: ['products', category, page],
    queryFn: () => getProducts(category, page),
    placeholderData: keepPreviousData,
  });

export function useProducts(category: string, page: number) {
  return useQuery(productsQueryOptions(category, page));
}
