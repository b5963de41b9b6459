/** The seller's own listings' query keys, built only here (TanStack Query's key factories). */
import type { PriceMedianQuery } from '@market/shared';
import type { PageParams } from '../../../lib/paging.ts';

export interface MyProductListParams extends PageParams {
  email: string;
}

export const myProductKeys = {
  all: ['my-products'] as const,
  list: (params: MyProductListParams) => [...myProductKeys.all, params] as const,
};

export interface ModelSuggestionParams {
  category: string | undefined;
  q: string;
}

/** Model suggestions of the product form, by category and typed text. */
export const modelKeys = {
  all: ['models'] as const,
  suggestions: (params: ModelSuggestionParams) => [...modelKeys.all, params] as const,
};

/** The median a typed price is compared with, by category, model and storage. */
export const priceMedianKeys = {
  all: ['price-median'] as const,
  of: (query: PriceMedianQuery) => [...priceMedianKeys.all, query] as const,
};
