import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionState, User } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';

/** The signed-in user, or null when signed out (GET /api/session never answers 401). */
export async function getMe(): Promise<User | null> {
  return (await apiRead<SessionState>('/session')).user;
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: getMe,
  staleTime: 60_000,
});

/** The signed-in user; `isPending` is true until the first auth state arrives. */
export function useMe() {
  return useQuery(meQueryOptions);
}
