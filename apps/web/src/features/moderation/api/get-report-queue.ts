import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportGroupSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import type { PageParams } from '../../../lib/paging.ts';
import { moderationKeys } from './keys.ts';

/** Reported things per page of the queue: each comes with its reports and the target in full. */
export const QUEUE_PAGE_SIZE = 20;

/** GET /api/admin/reports: open reports grouped by target, most reported first. */
export function getReportQueue({ page }: PageParams) {
  return apiPage('/admin/reports', reportGroupSchema, {
    query: { page, limit: QUEUE_PAGE_SIZE },
  });
}

export const reportQueueQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: moderationKeys.queuePage(params),
    queryFn: () => getReportQueue(params),
  });

export function useReportQueue(params: PageParams) {
  return useQuery({ ...reportQueueQueryOptions(params), placeholderData: keepPreviousData });
}
