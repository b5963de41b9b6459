import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bookingSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { myOrderKeys, type MyOrderListParams } from './keys.ts';

/** GET /api/booking?email=: one page of the buyer's own orders, newest first. */
export function getMyOrders({ email, page }: MyOrderListParams) {
  return apiPage('/booking', bookingSchema, { query: { email, page, limit: LIST_PAGE_SIZE } });
}

export const myOrdersQueryOptions = (params: MyOrderListParams) =>
  queryOptions({ queryKey: myOrderKeys.list(params), queryFn: () => getMyOrders(params) });

export function useMyOrders(params: MyOrderListParams) {
  return useQuery({ ...myOrdersQueryOptions(params), placeholderData: keepPreviousData });
}
