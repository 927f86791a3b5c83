import { useCallback, useSyncExternalStore } from 'react';

const unknownOnServer = () => undefined;

/**
 * Whether a CSS media query matches now; re-renders when that changes (a rotated phone, a resized
 * window). Undefined while a server-rendered page hydrates (and on the server): only the browser
 * knows its screen, so what depends on it is drawn for every screen there, shown by CSS
 * breakpoints, and the browser's answer follows at once after hydration, with nothing moving.
 */
export function useMediaQueryOnceKnown(query: string): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore<boolean | undefined>(subscribe, () => window.matchMedia(query).matches, unknownOnServer);
}

/** `useMediaQueryOnceKnown`, taking the narrowest screen (no match) until it is known. */
export function useMediaQuery(query: string): boolean {
  return useMediaQueryOnceKnown(query) ?? false;
}
