import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write that says what it changes: once it succeeds, every query under the `invalidates` keys
 * (built by the features' key factories) is stale and fetched again where it is shown.
 */
export function useWrite<TData, TVariables>({
  write,
  invalidates,
}: {
  write: (variables: TVariables) => Promise<TData>;
  invalidates: readonly QueryKey[];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
