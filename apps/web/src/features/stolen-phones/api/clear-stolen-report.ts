import { clearedSchema, type ClearStolenReport } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { advertisementKeys, categoryKeys, productKeys } from '../../catalog/api/keys.ts';
import { moderationKeys } from '../../moderation/api/keys.ts';
import { searchKeys } from '../../search/api/keys.ts';
import { stolenPhoneKeys } from './keys.ts';

/** POST /api/admin/stolen-phones/{id}/clear: recovered, or a mistake. */
export function clearStolenReport({ id, ...body }: ClearStolenReport & { id: string }) {
  return apiRequest(`/admin/stolen-phones/${encodeURIComponent(id)}/clear`, clearedSchema, {
    method: 'POST',
    body,
  });
}

export function useClearStolenReport() {
  return useWrite({
    write: clearStolenReport,
    // Listings it held go back on show.
    invalidates: [
      stolenPhoneKeys.all,
      moderationKeys.all,
      productKeys.all,
      advertisementKeys.all,
      categoryKeys.all,
      searchKeys.all,
    ],
  });
}
