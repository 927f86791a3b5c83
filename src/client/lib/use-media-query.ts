import { useCallback, useSyncExternalStore } from 'react';

const noMatchOnServer = () => false;

/**
 * Whether a CSS media query matches now; re-renders when that changes (a rotated phone, a resized window).
 * A page rendered on the server, and its hydration, take the narrowest screen: no query matches.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, noMatchOnServer);
}
