/** Places' query keys, built only here (TanStack Query's key factories). */
export const placeKeys = {
  all: ['places'] as const,
  suggestions: (q: string) => [...placeKeys.all, 'suggest', q] as const,
  one: (id: number) => [...placeKeys.all, 'one', id] as const,
  area: ['places', 'my-area'] as const,
};
