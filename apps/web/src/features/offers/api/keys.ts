/**
 * The offers' query keys, built only here: each offer (its event cards read it) and each
 * listing's offer rules (its seller reads them).
 */
export const offerKeys = {
  all: ['offers'] as const,
  detail: (id: string) => [...offerKeys.all, 'detail', id] as const,
  rules: (productId: string) => [...offerKeys.all, 'rules', productId] as const,
};
