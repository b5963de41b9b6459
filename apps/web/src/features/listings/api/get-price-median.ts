import { useQuery } from '@tanstack/react-query';
import { QUERY_STALE_MS, priceMedianSchema, type PriceMedianQuery } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { priceMedianKeys } from './keys.ts';

/**
 * GET /api/price-median: the median of the model and storage (and lock group); null without
 * enough listings.
 */
export async function getPriceMedian(query: PriceMedianQuery, signal?: AbortSignal) {
  const answer = await apiRequest('/price-median', priceMedianSchema, {
    query: {
      category: query.category,
      model: query.model,
      storageGb: query.storageGb,
      // Phones locked to a carrier are compared with each other only.
      ...(query.locked ? { locked: 'true' } : {}),
    },
    ...(signal ? { signal } : {}),
  });
  return answer.median;
}

/** The median for the product form's price, once a category, model and storage are chosen. */
export function usePriceMedian(query: PriceMedianQuery | null) {
  return useQuery({
    queryKey: priceMedianKeys.of(
      query ?? { category: 'iPhone', model: '', storageGb: 0, locked: false },
    ),
    queryFn: ({ signal }) => getPriceMedian(query!, signal),
    enabled: query !== null,
    staleTime: QUERY_STALE_MS,
    retry: false,
  });
}
