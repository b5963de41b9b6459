import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, productSchema, type Product } from '@market/shared';
import { apiPage, type Page } from '../../../lib/api-client.ts';
import { productKeys, type ProductListParams } from './keys.ts';

/** One page of a category's products, with the true total from X-Total-Count. */
export function getProducts({ category, page }: ProductListParams): Promise<Page<Product>> {
  return apiPage(`/products/${encodeURIComponent(category)}`, productSchema, {
    query: { page, limit: PAGE_SIZE_DEFAULT },
  });
}

export const productsQueryOptions = (category: string, page: number) => {
  // The key and the call take the same parameters, so neither can miss one the other has.
  const params: ProductListParams = { category, page };
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: () => getProducts(params),
    placeholderData: keepPreviousData,
  });
};

export function useProducts(category: string, page: number) {
  return useQuery(productsQueryOptions(category, page));
}
