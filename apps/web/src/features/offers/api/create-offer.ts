import { offerSchema, type CreateOffer } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { conversationKeys } from '../../messages/api/keys.ts';
import { myBuyerKeys, myOrderKeys } from '../../orders/api/keys.ts';
import { offerKeys } from './keys.ts';

/** POST /offers: the buyer's price for a listing, with an optional note. */
export function createOffer(body: CreateOffer) {
  return apiRequest('/offers', offerSchema, { method: 'POST', body });
}

/** A new offer is a card in a conversation; accepted at once, it is a request in My Orders. */
export function useCreateOffer() {
  return useWrite({
    write: createOffer,
    invalidates: [offerKeys.all, conversationKeys.all, myOrderKeys.all, myBuyerKeys.all],
  });
}
