/** The seller's own listings' query keys, built only here (TanStack Query's key factories). */
import type { PageParams } from '../../../lib/paging.ts';

export interface MyProductListParams extends PageParams {
  email: string;
}

export const myProductKeys = {
  all: ['my-products'] as const,
  list: (params: MyProductListParams) => [...myProductKeys.all, params] as const,
};
