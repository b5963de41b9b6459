/** Stolen-phone reports' query keys, built only here (TanStack Query's key factories). */
import type { PageParams } from '../../../lib/paging.ts';

export const stolenPhoneKeys = {
  all: ['stolen-phones'] as const,
  own: (params: PageParams) => [...stolenPhoneKeys.all, 'own', params] as const,
  admin: (params: PageParams) => [...stolenPhoneKeys.all, 'admin', params] as const,
};
