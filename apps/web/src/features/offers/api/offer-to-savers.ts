import { savedOfferResultSchema, type SavedOffer } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { conversationKeys } from '../../messages/api/keys.ts';
import { offerKeys } from './keys.ts';

/** POST /me/listings/{id}/offer-to-savers: one price to everyone who saved the listing. */
export function offerToSavers({ productId, offer }: { productId: string; offer: SavedOffer }) {
  return apiRequest(
    `/me/listings/${encodeURIComponent(productId)}/offer-to-savers`,
    savedOfferResultSchema,
    { method: 'POST', body: offer },
  );
}

export function useOfferToSavers(productId: string) {
  return useWrite({
    write: offerToSavers,
    invalidates: [offerKeys.rules(productId), conversationKeys.all],
  });
}
