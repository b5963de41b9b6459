import { useQuery } from '@tanstack/react-query';
import { phoneHistorySchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const phoneHistoryKeys = {
  all: ['phone-history'] as const,
  of: (productId: string) => ['phone-history', productId] as const,
};

/** GET /api/product/{id}/history: the phone's earlier listings and sales here, nobody's data. */
export function getPhoneHistory(productId: string) {
  return apiRequest(`/product/${encodeURIComponent(productId)}/history`, phoneHistorySchema);
}

export function usePhoneHistory(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: phoneHistoryKeys.of(productId),
    queryFn: () => getPhoneHistory(productId),
    enabled,
  });
}
