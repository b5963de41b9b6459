import { useQuery } from '@tanstack/react-query';
import type { PhoneHistory } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';

export const phoneHistoryKeys = {
  all: ['phone-history'] as const,
  of: (productId: string) => ['phone-history', productId] as const,
};

/**
 * GET /api/product/{id}/history: the phone's earlier listings and sales here, nobody's data. Read
 * on the listing's page, so not parsed again (decision 0006).
 */
export function getPhoneHistory(productId: string) {
  return apiRead<PhoneHistory>(`/product/${encodeURIComponent(productId)}/history`);
}

export function usePhoneHistory(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: phoneHistoryKeys.of(productId),
    queryFn: () => getPhoneHistory(productId),
    enabled,
  });
}
