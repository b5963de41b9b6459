import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminStolenReportSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, type PageParams } from '../../../lib/paging.ts';
import { stolenPhoneKeys } from './keys.ts';

/** GET /api/admin/stolen-phones: active reports, with the listings and deals of the phone. */
export function getAdminStolenReports({ page }: PageParams) {
  return apiPage('/admin/stolen-phones', adminStolenReportSchema, {
    query: { page, limit: LIST_PAGE_SIZE },
  });
}

export const adminStolenReportsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: stolenPhoneKeys.admin(params),
    queryFn: () => getAdminStolenReports(params),
  });

export function useAdminStolenReports(params: PageParams) {
  return useQuery({ ...adminStolenReportsQueryOptions(params), placeholderData: keepPreviousData });
}
