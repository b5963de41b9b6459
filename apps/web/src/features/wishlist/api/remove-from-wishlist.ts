import { deletedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { marksKeys } from '../../marks/api/keys.ts';
import { wishlistKeys } from './keys.ts';

/** DELETE /api/wish-list/:id */
export function removeFromWishlist(itemId: string) {
  return apiRequest(`/wish-list/${encodeURIComponent(itemId)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

/** Removes an entry; the list and the hearts (the marks) show it once it is gone. */
export function useRemoveFromWishlist() {
  return useWrite({ write: removeFromWishlist, invalidates: [wishlistKeys.all, marksKeys.all] });
}
