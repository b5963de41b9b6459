/** The admin's lists of accounts: query keys built only here (TanStack Query's key factories). */
import type { PageParams } from '../../../lib/paging.ts';

export const userKeys = {
  all: ['users'] as const,
  sellers: () => [...userKeys.all, 'sellers'] as const,
  sellerList: (params: PageParams) => [...userKeys.sellers(), params] as const,
  buyers: () => [...userKeys.all, 'buyers'] as const,
  buyerList: (params: PageParams) => [...userKeys.buyers(), params] as const,
};
