/*
 * The tab's open live streams (lib/live-events.ts), so that signing out or deleting the account
 * can stop them first: a stream the server ends with the session would otherwise be reopened by
 * the browser at once, and refused. Kept apart from the stream's own module, which brings the
 * schemas, so that the log-out button does not load them.
 */

export interface PausableConnection {
  pause(): void;
  resume(): void;
}

import { useSyncExternalStore } from 'react';

const open = new Set<PausableConnection>();

/** True while a session is being ended on purpose: nothing personal should be asked for. */
let ending = false;
const listeners = new Set<() => void>();

function setEnding(value: boolean): void {
  if (ending === value) return;
  ending = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether the tab is signing out: personal calls would be refused with 401 now. */
export function useSessionEnding(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ending,
    () => false,
  );
}

/** Adds an open stream; answers the call that removes it. */
export function registerLiveConnection(connection: PausableConnection): () => void {
  open.add(connection);
  return () => {
    open.delete(connection);
  };
}

/** Before the session ends on purpose: the streams stop asking. */
export function pauseLiveConnections(): void {
  setEnding(true);
  for (const connection of open) connection.pause();
}

/** The session did not end after all (the call failed): the streams go on. */
export function resumeLiveConnections(): void {
  setEnding(false);
  for (const connection of open) connection.resume();
}

/** The session has ended and its user is forgotten: the next one starts afresh. */
export function sessionEnded(): void {
  setEnding(false);
}
