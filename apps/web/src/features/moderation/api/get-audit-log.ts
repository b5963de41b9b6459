import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEntrySchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, type PageParams } from '../../../lib/paging.ts';
import { moderationKeys } from './keys.ts';

/** GET /api/admin/audit: what administrators did, newest first. */
export function getAuditLog({ page }: PageParams) {
  return apiPage('/admin/audit', auditEntrySchema, { query: { page, limit: LIST_PAGE_SIZE } });
}

export const auditLogQueryOptions = (params: PageParams) =>
  queryOptions({ queryKey: moderationKeys.auditPage(params), queryFn: () => getAuditLog(params) });

export function useAuditLog(params: PageParams) {
  return useQuery({ ...auditLogQueryOptions(params), placeholderData: keepPreviousData });
}
