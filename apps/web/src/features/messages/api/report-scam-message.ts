import { reportSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';

export interface ReportScamVariables {
  messageId: string;
  note?: string;
}

/**
 * POST /api/reports: a message the scam shield flagged, reported by its reader as a scam, into
 * the moderators' one queue.
 */
export function reportScamMessage({ messageId, note }: ReportScamVariables) {
  return apiRequest('/reports', reportSchema, {
    method: 'POST',
    body: { targetType: 'message', targetId: messageId, reason: 'scam', ...(note ? { note } : {}) },
  });
}

export function useReportScamMessage() {
  return useWrite({ write: reportScamMessage, invalidates: [] });
}
