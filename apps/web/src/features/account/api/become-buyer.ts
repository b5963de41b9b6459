import { userSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/session.ts';
import { useWrite } from '../../../lib/write.ts';
import { roleStatusKeys } from '../../auth/api/keys.ts';

/** POST /api/me/become-buyer: the signed-in seller, with no listing left unsold, buys again. */
export function becomeBuyer() {
  return apiRequest('/me/become-buyer', userSchema, { method: 'POST' });
}

export function useBecomeBuyer() {
  return useWrite({
    write: () => becomeBuyer(),
    // The guards of the buyer pages ask for the role again.
    invalidates: [meKeys.all, roleStatusKeys.all],
  });
}
