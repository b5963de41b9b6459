import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { meetingSpotSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { meetingSpotKeys, type MeetingSpotListParams } from './keys.ts';

/** GET /api/meeting-spots: every spot by area, or those near a place, nearest first. */
export function getMeetingSpots({ page, near }: MeetingSpotListParams) {
  return apiPage('/meeting-spots', meetingSpotSchema, {
    query: { page, limit: LIST_PAGE_SIZE, ...(near ? { near } : {}) },
  });
}

export const meetingSpotsQueryOptions = (params: MeetingSpotListParams) =>
  queryOptions({
    queryKey: meetingSpotKeys.list(params),
    queryFn: () => getMeetingSpots(params),
  });

export function useMeetingSpots(params: MeetingSpotListParams, { enabled = true } = {}) {
  return useQuery({
    ...meetingSpotsQueryOptions(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
