import { deletedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { advertisementKeys, productKeys } from '../../catalog/api/keys.ts';
import { userKeys } from './keys.ts';

/** DELETE /api/all-sellers/:email: deletes a seller or a buyer (the spec uses it for both). */
export function deleteUser(email: string) {
  return apiRequest(`/all-sellers/${encodeURIComponent(email)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteUser() {
  return useWrite({
    write: deleteUser,
    // A deleted seller's products leave the catalogue and the advertisements too.
    invalidates: [userKeys.all, productKeys.all, advertisementKeys.all],
  });
}
