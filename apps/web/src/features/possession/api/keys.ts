/** Proof-of-possession query keys, built only here. */
import type { PageParams } from '../../../lib/paging.ts';

export const possessionKeys = {
  all: ['possession'] as const,
  own: (productId: string) => [...possessionKeys.all, 'own', productId] as const,
  pending: (params: PageParams) => [...possessionKeys.all, 'pending', params] as const,
};
