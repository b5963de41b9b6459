import { offerSchema, type CounterOffer } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { offerKeys } from '../../offers/api/keys.ts';
import { myBuyerKeys, myOrderKeys } from '../../orders/api/keys.ts';
import { conversationKeys } from './keys.ts';

const stepPath = (id: string, step: string) => `/offers/${encodeURIComponent(id)}/${step}`;

/** POST /offers/{id}/accept: the side awaited agrees; it becomes the buyer's request. */
export function acceptOffer(id: string) {
  return apiRequest(stepPath(id, 'accept'), offerSchema, { method: 'POST' });
}

/** POST /offers/{id}/decline */
export function declineOffer(id: string) {
  return apiRequest(stepPath(id, 'decline'), offerSchema, { method: 'POST' });
}

/** POST /offers/{id}/counter: the seller's higher price. */
export function counterOffer({ id, counter }: { id: string; counter: CounterOffer }) {
  return apiRequest(stepPath(id, 'counter'), offerSchema, { method: 'POST', body: counter });
}

/** Each answer adds a card to the thread; an acceptance adds a request to both lists. */
const answered = [offerKeys.all, conversationKeys.all, myOrderKeys.all, myBuyerKeys.all] as const;

export function useAcceptOffer() {
  return useWrite({ write: acceptOffer, invalidates: answered });
}

export function useDeclineOffer() {
  return useWrite({ write: declineOffer, invalidates: answered });
}

export function useCounterOffer() {
  return useWrite({ write: counterOffer, invalidates: answered });
}
