import { resolvedReportsSchema, type ResolveReport } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { userKeys } from '../../admin/api/keys.ts';
import { advertisementKeys, categoryKeys, productKeys } from '../../catalog/api/keys.ts';
import { searchKeys } from '../../search/api/keys.ts';
import { moderationKeys } from './keys.ts';

/** POST /api/admin/reports/{id}/resolve: one action for every open report of its target. */
export function resolveReport({ reportId, ...body }: ResolveReport & { reportId: string }) {
  return apiRequest(
    `/admin/reports/${encodeURIComponent(reportId)}/resolve`,
    resolvedReportsSchema,
    { method: 'POST', body },
  );
}

export function useResolveReport() {
  return useWrite({
    write: resolveReport,
    // Hiding a listing or suspending its seller takes listings out of every list.
    invalidates: [
      moderationKeys.all,
      productKeys.all,
      advertisementKeys.all,
      categoryKeys.all,
      searchKeys.all,
      userKeys.all,
    ],
  });
}
