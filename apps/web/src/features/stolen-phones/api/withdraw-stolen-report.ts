import { withdrawnSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { stolenPhoneKeys } from './keys.ts';

/** DELETE /api/stolen-phones/{id}: the owner takes their report back. */
export function withdrawStolenReport(id: string) {
  return apiRequest(`/stolen-phones/${encodeURIComponent(id)}`, withdrawnSchema, {
    method: 'DELETE',
  });
}

export function useWithdrawStolenReport() {
  return useWrite({ write: withdrawStolenReport, invalidates: [stolenPhoneKeys.all] });
}
