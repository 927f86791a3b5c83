import { useEffect, useState } from 'react';

/** The value as it was once it stopped changing for `delayMs`, e.g. a search box's text. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Spec: searches run about 300 ms after the admin stops typing. */
export const SEARCH_DEBOUNCE_MS = 300;
