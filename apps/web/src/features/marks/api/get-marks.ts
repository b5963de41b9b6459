import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Marks } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { marksKeys } from './keys.ts';

/** What the cards of a page read: the entry that removes a saved product, and what is booked. */
export interface ProductMarks {
  /** Saved products, each with its wish-list entry's id. */
  savedEntries: ReadonlyMap<string, string>;
  /** Products the buyer has an open request for. */
  booked: ReadonlySet<string>;
  /** Of those, the ones reserved for the buyer (the seller accepted). */
  reserved: ReadonlySet<string>;
}

/**
 * GET /api/me/marks?productIds=: the buyer's marks on the products of one page. Read beside every
 * list and listing page, so not parsed again (decision 0006).
 */
export function getMarks(productIds: readonly string[]) {
  return apiRead<Marks>('/me/marks', { query: { productIds: productIds.join(',') } });
}

function toProductMarks(marks: Marks): ProductMarks {
  return {
    savedEntries: new Map(marks.wishlist.map((entry) => [entry.productId, entry.itemId])),
    booked: new Set(marks.booked),
    reserved: new Set(marks.reserved),
  };
}

export const marksQueryOptions = (productIds: readonly string[]) =>
  queryOptions({
    queryKey: marksKeys.forProducts(productIds),
    queryFn: () => getMarks(productIds),
    select: toProductMarks,
  });

/**
 * The personal part of a page of products, asked for after the page itself (which is the same
 * for every buyer), and only for a buyer: nobody else saves or books.
 */
export function useMarks(productIds: readonly string[], { enabled }: { enabled: boolean }) {
  return useQuery({ ...marksQueryOptions(productIds), enabled: enabled && productIds.length > 0 });
}
