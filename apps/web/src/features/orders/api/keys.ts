/**
 * The orders' query keys, built only here (TanStack Query's key factories): a buyer's bookings
 * and the bookings of a seller's products. A new booking invalidates both.
 */
import type { PageParams } from '../../../lib/paging.ts';

export interface MyOrderListParams extends PageParams {
  email: string;
}

export const myOrderKeys = {
  all: ['my-orders'] as const,
  list: (params: MyOrderListParams) => [...myOrderKeys.all, params] as const,
};

export const myBuyerKeys = {
  all: ['my-buyers'] as const,
  list: (params: PageParams) => [...myBuyerKeys.all, params] as const,
};
