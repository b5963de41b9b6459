import type { DeletedCount } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { marksKeys } from '../../marks/api/keys.ts';
import { wishlistKeys } from './keys.ts';

/** DELETE /api/wish-list/:id; the heart is on every card, so not parsed again (decision 0006). */
export function removeFromWishlist(itemId: string) {
  return apiRead<DeletedCount>(`/wish-list/${encodeURIComponent(itemId)}`, { method: 'DELETE' });
}

/** Removes an entry; the list and the hearts (the marks) show it once it is gone. */
export function useRemoveFromWishlist() {
  return useWrite({ write: removeFromWishlist, invalidates: [wishlistKeys.all, marksKeys.all] });
}
