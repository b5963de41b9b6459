import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  meetingPlanShareSchema,
  meetingPlanShareStateSchema,
  revokedShareSchema,
} from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { meetingPlanKeys } from './keys.ts';

const sharePath = (bookingId: string) => `/booking/${encodeURIComponent(bookingId)}/share`;

/** GET /api/booking/{id}/share: the caller's live link to the deal's plan, if any. */
export function getOwnShare(bookingId: string) {
  return apiRequest(sharePath(bookingId), meetingPlanShareStateSchema);
}

export function useOwnShare(bookingId: string) {
  return useQuery(
    queryOptions({
      queryKey: meetingPlanKeys.share(bookingId),
      queryFn: () => getOwnShare(bookingId),
    }),
  );
}

/** POST /api/booking/{id}/share: the link (the live one, or a new one). */
export function shareMeetingPlan(bookingId: string) {
  return apiRequest(sharePath(bookingId), meetingPlanShareSchema, { method: 'POST' });
}

/** DELETE /api/booking/{id}/share: the link opens nothing from now on. */
export function revokeMeetingPlan(bookingId: string) {
  return apiRequest(sharePath(bookingId), revokedShareSchema, { method: 'DELETE' });
}

export const useShareMeetingPlan = () =>
  useWrite({ write: shareMeetingPlan, invalidates: [meetingPlanKeys.all] });
export const useRevokeMeetingPlan = () =>
  useWrite({ write: revokeMeetingPlan, invalidates: [meetingPlanKeys.all] });
