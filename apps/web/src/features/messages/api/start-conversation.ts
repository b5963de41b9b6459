import { startedConversationSchema, type StartConversation } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { conversationKeys } from './keys.ts';

/**
 * POST /api/conversations: a buyer asks the seller of a listing. The buyer's conversation about
 * that listing is reused when there is one.
 */
export function startConversation(body: StartConversation) {
  return apiRequest('/conversations', startedConversationSchema, { method: 'POST', body });
}

export function useStartConversation() {
  return useWrite({ write: startConversation, invalidates: [conversationKeys.lists()] });
}
