import { userSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/session.ts';
import { useWrite } from '../../../lib/write.ts';
import { roleStatusKeys } from '../../auth/api/keys.ts';

/** POST /api/me/become-seller: the signed-in buyer's account becomes a seller's, unverified. */
export function becomeSeller() {
  return apiRequest('/me/become-seller', userSchema, { method: 'POST' });
}

export function useBecomeSeller() {
  return useWrite({
    write: () => becomeSeller(),
    // The guards of the seller pages ask for the role again.
    invalidates: [meKeys.all, roleStatusKeys.all],
  });
}
