import type { Acknowledged, AddWishlist } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { marksKeys } from '../../marks/api/keys.ts';
import { wishlistKeys } from './keys.ts';

/**
 * POST /wish-list: the server builds the entry from the product and the session. The heart is on
 * every card, so its answer is not parsed again (decision 0006).
 */
export function addToWishlist(body: AddWishlist) {
  return apiRead<Acknowledged>('/wish-list', { method: 'POST', body });
}

/** Saves a product; the list and the hearts (the marks) show it once it is saved. */
export function useAddToWishlist() {
  return useWrite({ write: addToWishlist, invalidates: [wishlistKeys.all, marksKeys.all] });
}
