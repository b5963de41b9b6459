/**
 * The signed-in buyer's marks on products (saved, booked), built only here. Writes that change
 * them (wish list, bookings) invalidate `all`.
 */
export const marksKeys = {
  all: ['marks'] as const,
  forProducts: (productIds: readonly string[]) => [...marksKeys.all, productIds] as const,
};
