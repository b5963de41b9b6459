/** Query keys of the check at hand-over: one record and one code per request. */
export const inspectionKeys = {
  all: ['inspection'] as const,
  record: (bookingId: string) => ['inspection', bookingId, 'record'] as const,
  code: (bookingId: string) => ['inspection', bookingId, 'code'] as const,
};
