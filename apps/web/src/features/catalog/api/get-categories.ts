import { queryOptions, useQuery } from '@tanstack/react-query';
import { categorySchema, type Category } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCategories(): Promise<Category[]> {
  return apiRequest('/categories', categorySchema.array());
}

export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: getCategories,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
