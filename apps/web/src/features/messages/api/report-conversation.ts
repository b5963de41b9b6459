import { conversationReportSchema, type ReportConversation } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';

export interface ReportVariables extends ReportConversation {
  conversationId: string;
}

/** POST /api/conversations/{id}/report: kept for the moderators; nothing shown changes. */
export function reportConversation({ conversationId, ...body }: ReportVariables) {
  return apiRequest(
    `/conversations/${encodeURIComponent(conversationId)}/report`,
    conversationReportSchema,
    { method: 'POST', body },
  );
}

export function useReportConversation() {
  return useWrite({ write: reportConversation, invalidates: [] });
}
