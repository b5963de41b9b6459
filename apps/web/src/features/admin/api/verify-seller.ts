import { modifiedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { productKeys } from '../../catalog/api/keys.ts';
import { userKeys } from './keys.ts';

/** PUT /api/all-sellers/:email: marks the seller verified. */
export function verifySeller(email: string) {
  return apiRequest(`/all-sellers/${encodeURIComponent(email)}`, modifiedCountSchema, {
    method: 'PUT',
  });
}

export function useVerifySeller() {
  return useWrite({
    write: verifySeller,
    // Product cards show the seller's verified badge.
    invalidates: [userKeys.sellers(), productKeys.all],
  });
}
