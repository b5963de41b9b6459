import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is the HTML the server drew (on the server, and while the app takes that
 * page over in the browser); true from then on. Buttons that only work with the app's script
 * stay disabled until it runs, so an early tap is never silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
