import { acknowledgedSchema, type AddWishlist } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { marksKeys } from '../../marks/api/keys.ts';
import { wishlistKeys } from './keys.ts';

/** POST /wish-list: the server builds the entry from the product and the session. */
export function addToWishlist(body: AddWishlist) {
  return apiRequest('/wish-list', acknowledgedSchema, { method: 'POST', body });
}

/** Saves a product; the list and the hearts (the marks) show it once it is saved. */
export function useAddToWishlist() {
  return useWrite({ write: addToWishlist, invalidates: [wishlistKeys.all, marksKeys.all] });
}
