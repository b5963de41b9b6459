import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { wishlistItemSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../components/ui/list-pager.tsx';

/** GET /api/wish-list?email=: one page of the buyer's wishlist. */
export function getWishlist(email: string, page: number) {
  return apiPage('/wish-list', wishlistItemSchema, {
    query: { email, page, limit: LIST_PAGE_SIZE },
  });
}

export const wishlistQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: ['wishlist', email, page],
    queryFn: () => getWishlist(email, page),
  });

export function useWishlist(email: string, page: number) {
  return useQuery({ ...wishlistQueryOptions(email, page), placeholderData: keepPreviousData });
}
