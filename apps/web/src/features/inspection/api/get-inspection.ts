import { useQuery } from '@tanstack/react-query';
import { inspectionSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { inspectionKeys } from './keys.ts';

/** GET /api/booking/{id}/inspection: the answers saved so far, so a reload resumes. */
export function getInspection(bookingId: string) {
  return apiRequest(`/booking/${encodeURIComponent(bookingId)}/inspection`, inspectionSchema);
}

export function useInspection(bookingId: string) {
  return useQuery({
    queryKey: inspectionKeys.record(bookingId),
    queryFn: () => getInspection(bookingId),
  });
}
