import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedCountSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/all-sellers/:email: deletes a seller or a buyer (the spec uses it for both). */
export function deleteUser(email: string) {
  return apiRequest(`/all-sellers/${encodeURIComponent(email)}`, deletedCountSchema, {
    method: 'DELETE',
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      // A deleted seller's products leave the catalog and the advertisements too.
      await Promise.all(
        ['all-sellers', 'all-buyers', 'products', 'advertisements'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
}
