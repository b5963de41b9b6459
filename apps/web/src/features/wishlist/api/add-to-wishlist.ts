import type { QueryClient } from '@tanstack/react-query';
import { acknowledgedSchema, type AddWishlist } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /wish-list: the server builds the entry from the product and the session. */
export function addToWishlist(body: AddWishlist) {
  return apiRequest('/wish-list', acknowledgedSchema, { method: 'POST', body });
}

/**
 * Adds a product and refreshes the wishlist. A plain call rather than a mutation hook: every card
 * on a page has a heart, and a heart needs no shared mutation state, only its own.
 */
export async function saveToWishlist(queryClient: QueryClient, body: AddWishlist) {
  const result = await addToWishlist(body);
  void queryClient.invalidateQueries({ queryKey: ['wishlist'] });
  return result;
}
