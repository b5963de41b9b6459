/**
 * The catalogue's query keys, built only here (TanStack Query's key factories). Each key starts
 * with its resource, so that invalidating `all` reaches every page of it; mutations of other
 * features invalidate through these too.
 */
import type { PageParams } from '../../../lib/paging.ts';

export interface ProductListParams extends PageParams {
  category: string;
}

export const categoryKeys = {
  all: ['categories'] as const,
};

export const advertisementKeys = {
  all: ['advertisements'] as const,
};

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  /** One listing's page. */
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  /** Phones like a listing that is no longer available. */
  similar: (id: string) => [...productKeys.all, 'similar', id] as const,
};
