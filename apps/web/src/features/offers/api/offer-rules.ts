import { queryOptions, useQuery } from '@tanstack/react-query';
import { offerRulesViewSchema, type OfferRules } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { offerKeys } from './keys.ts';

const rulesPath = (productId: string) =>
  `/me/listings/${encodeURIComponent(productId)}/offer-rules`;

/** GET /me/listings/{id}/offer-rules: a listing's automatic answers, as its seller reads them. */
export function getOfferRules(productId: string) {
  return apiRequest(rulesPath(productId), offerRulesViewSchema);
}

export const offerRulesQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: offerKeys.rules(productId),
    queryFn: () => getOfferRules(productId),
  });

export function useOfferRules(productId: string) {
  return useQuery(offerRulesQueryOptions(productId));
}

/** PUT /me/listings/{id}/offer-rules: null clears a rule. */
export function saveOfferRules({ productId, rules }: { productId: string; rules: OfferRules }) {
  return apiRequest(rulesPath(productId), offerRulesViewSchema, { method: 'PUT', body: rules });
}

export function useSaveOfferRules(productId: string) {
  return useWrite({ write: saveOfferRules, invalidates: [offerKeys.rules(productId)] });
}
