/** The wishlist's query keys, built only here (TanStack Query's key factories). */
import type { PageParams } from '../../../lib/paging.ts';

export interface WishlistParams extends PageParams {
  email: string;
}

export const wishlistKeys = {
  all: ['wishlist'] as const,
  list: (params: WishlistParams) => [...wishlistKeys.all, params] as const,
};
