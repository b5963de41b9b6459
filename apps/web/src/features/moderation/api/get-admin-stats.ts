import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatsSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { moderationKeys } from './keys.ts';

/** GET /api/admin/stats: the last 30 days and the totals. */
export function getAdminStats() {
  return apiRequest('/admin/stats', adminStatsSchema);
}

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: moderationKeys.stats(), queryFn: getAdminStats });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
