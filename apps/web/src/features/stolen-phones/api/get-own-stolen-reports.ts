import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { stolenReportSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, type PageParams } from '../../../lib/paging.ts';
import { stolenPhoneKeys } from './keys.ts';

/** GET /api/stolen-phones: the signed-in person's own reports, newest first. */
export function getOwnStolenReports({ page }: PageParams) {
  return apiPage('/stolen-phones', stolenReportSchema, { query: { page, limit: LIST_PAGE_SIZE } });
}

export const ownStolenReportsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: stolenPhoneKeys.own(params),
    queryFn: () => getOwnStolenReports(params),
  });

export function useOwnStolenReports(params: PageParams) {
  return useQuery({ ...ownStolenReportsQueryOptions(params), placeholderData: keepPreviousData });
}
