import type { Restored } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { advertisementKeys, categoryKeys, productKeys } from '../../catalog/api/keys.ts';
import { searchKeys } from '../../search/api/keys.ts';
import { userKeys } from '../../admin/api/keys.ts';
import { moderationKeys } from './keys.ts';

// Written from the listing's page, whose first screen loads no schema: answers are typed, not
// parsed again (decision 0006).
const listsOfListings = [
  moderationKeys.all,
  productKeys.all,
  advertisementKeys.all,
  categoryKeys.all,
  searchKeys.all,
];

/** POST /api/admin/products/{id}/restore: a held or hidden listing goes back on show. */
export function restoreListing({ productId, reason }: { productId: string; reason: string }) {
  return apiRead<Restored>(`/admin/products/${encodeURIComponent(productId)}/restore`, {
    method: 'POST',
    body: { reason },
  });
}

export function useRestoreListing() {
  return useWrite({ write: restoreListing, invalidates: listsOfListings });
}

/** POST /api/admin/users/{id}/restore: lifts an account's suspension. */
export function restoreUser({ userId, reason }: { userId: string; reason: string }) {
  return apiRead<Restored>(`/admin/users/${encodeURIComponent(userId)}/restore`, {
    method: 'POST',
    body: { reason },
  });
}

export function useRestoreUser() {
  // The admin's lists of sellers and buyers mark suspended accounts.
  return useWrite({ write: restoreUser, invalidates: [...listsOfListings, userKeys.all] });
}
