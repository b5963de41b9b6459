import { stolenReportSchema, type CreateStolenReport } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { stolenPhoneKeys } from './keys.ts';

/** POST /api/stolen-phones: the answer is the report, whatever listings there are. */
export function reportStolenPhone(body: CreateStolenReport) {
  return apiRequest('/stolen-phones', stolenReportSchema, { method: 'POST', body });
}

export function useReportStolenPhone() {
  return useWrite({ write: reportStolenPhone, invalidates: [stolenPhoneKeys.all] });
}
