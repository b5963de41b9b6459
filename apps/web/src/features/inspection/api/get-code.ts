import { useQuery } from '@tanstack/react-query';
import { handoverCodeSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { inspectionKeys } from './keys.ts';

/** GET /api/booking/{id}/code: the hand-over code, once the check is complete. */
export function getHandoverCode(bookingId: string) {
  return apiRequest(`/booking/${encodeURIComponent(bookingId)}/code`, handoverCodeSchema);
}

export function useHandoverCode(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: inspectionKeys.code(bookingId),
    queryFn: () => getHandoverCode(bookingId),
    enabled,
  });
}
