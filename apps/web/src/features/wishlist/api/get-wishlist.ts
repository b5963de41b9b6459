import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { wishlistItemSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { wishlistKeys, type WishlistParams } from './keys.ts';

/** GET /api/wish-list?email=: one page of the buyer's wishlist. */
export function getWishlist({ email, page }: WishlistParams) {
  return apiPage('/wish-list', wishlistItemSchema, {
    query: { email, page, limit: LIST_PAGE_SIZE },
  });
}

export const wishlistQueryOptions = (params: WishlistParams) =>
  queryOptions({ queryKey: wishlistKeys.list(params), queryFn: () => getWishlist(params) });

export function useWishlist(params: WishlistParams) {
  return useQuery({ ...wishlistQueryOptions(params), placeholderData: keepPreviousData });
}
