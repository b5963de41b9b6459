import { inspectionImeiResultSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { inspectionKeys } from './keys.ts';

/** POST /api/booking/{id}/inspection/imei: matches or not; never says more. */
export function checkImei({ id, imei }: { id: string; imei: string }) {
  return apiRequest(
    `/booking/${encodeURIComponent(id)}/inspection/imei`,
    inspectionImeiResultSchema,
    { method: 'POST', body: { imei } },
  );
}

export function useCheckImei(bookingId: string) {
  return useWrite({ write: checkImei, invalidates: [inspectionKeys.record(bookingId)] });
}
