import { inspectionSchema, type InspectionAnswersInput } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { myBuyerKeys, myOrderKeys } from '../../orders/api/keys.ts';
import { inspectionKeys } from './keys.ts';

/** PUT /api/booking/{id}/inspection: the answers whole, saved as each step is answered. */
export function saveInspection({ id, answers }: { id: string; answers: InspectionAnswersInput }) {
  return apiRequest(`/booking/${encodeURIComponent(id)}/inspection`, inspectionSchema, {
    method: 'PUT',
    body: answers,
  });
}

/** The record is read again (the walk goes on from it), and the orders show its state. */
export function useSaveInspection(bookingId: string) {
  return useWrite({
    write: saveInspection,
    invalidates: [inspectionKeys.record(bookingId), myOrderKeys.all, myBuyerKeys.all],
  });
}
