import { queryOptions, useQuery } from '@tanstack/react-query';
import { meetingPlanSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { meetingPlanKeys } from './keys.ts';

/** GET /api/meeting-plans/{token}: the plan a shared link opens (no sign-in). */
export function getMeetingPlan(token: string) {
  return apiRequest(`/meeting-plans/${encodeURIComponent(token)}`, meetingPlanSchema);
}

export const meetingPlanQueryOptions = (token: string) =>
  queryOptions({
    queryKey: meetingPlanKeys.plan(token),
    queryFn: () => getMeetingPlan(token),
  });

export function useMeetingPlan(token: string) {
  // A link that opens nothing (revoked, expired) says so at once: it is not asked again.
  return useQuery({ ...meetingPlanQueryOptions(token), retry: false });
}
