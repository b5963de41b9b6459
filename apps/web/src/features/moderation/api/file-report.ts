import { reportSchema, type CreateReport } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { moderationKeys } from './keys.ts';

/** POST /api/reports: a listing, an account or a message, for the moderators. */
export function fileReport(report: CreateReport) {
  return apiRequest('/reports', reportSchema, { method: 'POST', body: report });
}

export function useFileReport() {
  return useWrite({ write: fileReport, invalidates: [moderationKeys.queue()] });
}
