import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { categoryKeys } from './keys.ts';

export function getCategories(): Promise<Category[]> {
  return apiRead<Category[]>('/categories');
}

export const categoriesQueryOptions = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: getCategories,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
