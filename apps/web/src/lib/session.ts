import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionState, User } from '@market/shared';
import { apiRead, whenSessionEnds } from './api-client.ts';

/**
 * Who is signed in: read by the top bar, the guards, the loaders and the forms that sign in, so it
 * is shared by every feature rather than owned by one; its query key is the one built outside the
 * features' key modules.
 */
export const meKeys = {
  all: ['me'] as const,
};

/**
 * Whose session ended while they were on a page (it expired, or was ended on another device): the
 * API answered 401 to one of their calls. Kept apart from the session query, which then says
 * "signed out", so that the page they were on can stay as it was, with what they typed.
 */
let endedFor: User | null = null;
const listeners = new Set<() => void>();

function setEndedFor(user: User | null): void {
  if (endedFor === user) return;
  endedFor = user;
  for (const listener of listeners) listener();
}

/**
 * A page drawn once for everyone of a role shows a stand-in: the role, and nothing personal (an
 * empty id). The browser asks for the real user as soon as such a page is taken over.
 */
export function isStandIn(user: User): boolean {
  return user._id === '';
}

/** After taking over a page drawn for a whole role: the real user replaces the stand-in. */
export function completeStandIn(client: QueryClient): void {
  const user = client.getQueryData<User | null>(meKeys.all);
  if (user && isStandIn(user)) void client.refetchQueries({ queryKey: meKeys.all });
}

/** The signed-in user, or null when signed out (GET /api/session never answers 401). */
export async function getMe({ client }: { client: QueryClient }): Promise<User | null> {
  const { user } = await apiRead<SessionState>('/session');
  if (user) {
    // Someone is signed in (again): whatever session ended before is behind them.
    setEndedFor(null);
  } else if (!import.meta.env.SSR) {
    // Asked again, the server no longer knows the person this page was showing.
    const before = client.getQueryData(meQueryOptions.queryKey);
    if (before && !isStandIn(before)) setEndedFor(before);
  }
  return user;
}

export const meQueryOptions = queryOptions({
  queryKey: meKeys.all,
  queryFn: getMe,
  staleTime: 60_000,
});

/** The signed-in user; `isPending` is true until the first auth state arrives. */
export function useMe() {
  return useQuery(meQueryOptions);
}

/**
 * When the API answers 401 under a page, the browser's query client shows it signed out and
 * remembers who it was. Called once by the browser entry; a server render answers 401s itself.
 */
export function followSessionEnds(client: QueryClient): void {
  whenSessionEnds(() => {
    const user = client.getQueryData(meQueryOptions.queryKey);
    if (!user) return;
    if (!isStandIn(user)) setEndedFor(user);
    client.setQueryData(meKeys.all, null);
  });
}

/** Someone signed out on purpose: nothing ended under them. */
export function forgetEndedSession(): void {
  setEndedFor(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * The user whose session ended during this visit, while nobody is signed in again; null otherwise.
 * Pages use it to stay as they were instead of sending the person away mid-task.
 */
export function useEndedSession(): User | null {
  const me = useMe();
  const ended = useSyncExternalStore(
    subscribe,
    () => endedFor,
    () => null,
  );
  return me.data ? null : ended;
}
