/**
 * The query keys of sellers' public profiles and their reviews, built only here (TanStack Query's
 * key factories). A review, its change or its reply invalidates `all`.
 */
import type { PageParams } from '../../../lib/paging.ts';

export const sellerKeys = {
  all: ['sellers'] as const,
  profile: (sellerId: string) => [...sellerKeys.all, 'profile', sellerId] as const,
  reviews: (sellerId: string, params: PageParams) =>
    [...sellerKeys.all, 'reviews', sellerId, params] as const,
};
