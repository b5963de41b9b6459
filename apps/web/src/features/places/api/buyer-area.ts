import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuyerArea, BuyerAreaAnswer, SetBuyerArea } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { placeKeys } from './keys.ts';

/**
 * GET /api/me/area : the signed-in person's saved area, or null. Read where cards show distances,
 * so typed by the shared schema but not parsed again (decision 0006).
 */
export async function getBuyerArea(signal?: AbortSignal): Promise<BuyerArea | null> {
  const answer = await apiRead<BuyerAreaAnswer>('/me/area', signal ? { signal } : {});
  return answer.area;
}

export const buyerAreaQueryOptions = () =>
  queryOptions({ queryKey: placeKeys.area, queryFn: ({ signal }) => getBuyerArea(signal) });

/** The saved area of the signed-in person (`enabled` only when someone is signed in). */
export function useBuyerArea({ enabled }: { enabled: boolean }) {
  return useQuery({ ...buyerAreaQueryOptions(), enabled });
}

/** PUT /api/me/area : saves a place, or a position the server keeps to two decimals. */
export async function saveBuyerArea(area: SetBuyerArea): Promise<BuyerArea | null> {
  const answer = await apiRead<BuyerAreaAnswer>('/me/area', {
    method: 'PUT',
    body: area,
  });
  return answer.area;
}

export function useSaveBuyerArea() {
  return useWrite({ write: saveBuyerArea, invalidates: [placeKeys.area] });
}
