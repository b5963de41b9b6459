/** The content feature's query keys, built only here (TanStack Query's key factories). */
export const blogKeys = {
  all: ['blogs'] as const,
};

export const reviewKeys = {
  all: ['reviews'] as const,
};
