import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/all-sellers/:email: marks the seller verified. */
export function verifySeller(email: string) {
  return apiRequest(`/all-sellers/${encodeURIComponent(email)}`, modifiedCountSchema, {
    method: 'PUT',
  });
}

export function useVerifySeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySeller,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['all-sellers'] }),
        // Product cards show the seller's verified badge.
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
