import { messageSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';

export interface SendMessageVariables {
  conversationId: string;
  text: string;
}

/** POST /api/conversations/{id}/messages */
export function sendMessage({ conversationId, text }: SendMessageVariables) {
  return apiRequest(
    `/conversations/${encodeURIComponent(conversationId)}/messages`,
    messageSchema,
    { method: 'POST', body: { text } },
  );
}

/** The thread itself takes the sent message into its cache (thread-cache.ts), not by asking again. */
export function useSendMessage() {
  return useWrite({ write: sendMessage, invalidates: [] });
}
