import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bookingSchema } from '@market/shared';
import { apiPage } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE } from '../../../components/ui/list-pager.tsx';

/** GET /api/booking?email=: one page of the buyer's own orders, newest first. */
export function getMyOrders(email: string, page: number) {
  return apiPage('/booking', bookingSchema, { query: { email, page, limit: LIST_PAGE_SIZE } });
}

export const myOrdersQueryOptions = (email: string, page: number) =>
  queryOptions({
    // 'bookings' is the prefix a new booking invalidates.
    queryKey: ['bookings', email, page],
    queryFn: () => getMyOrders(email, page),
  });

export function useMyOrders(email: string, page: number) {
  return useQuery({ ...myOrdersQueryOptions(email, page), placeholderData: keepPreviousData });
}
