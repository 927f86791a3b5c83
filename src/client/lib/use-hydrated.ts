import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page is the server's HTML (and during hydration), true once React runs it: a form
 * drawn by the server keeps its submit button disabled until its handler is there, so that no
 * early Enter sends its fields (a password) in a GET's address before the page is live.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
