import { useEffect, useState } from 'react';
import { isOpenAt } from '@shared/domain/deadlines.ts';

/** How often a countdown reads the clock again. */
export const COUNTDOWN_TICK_MS = 30_000;

/**
 * The current time, read again every 30 s and once more just after `wakeAt` (a deadline), so a
 * closing button goes at its second rather than up to a tick later. Date.now() on each read, so
 * a test's fake clock drives it.
 */
export function useNow(wakeAt?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    const wait = wakeAt === undefined ? -1 : wakeAt - Date.now() + 1000;
    // Only within the last tick: the ticks bring a later deadline this near first.
    if (wait < 0 || wait > COUNTDOWN_TICK_MS) return;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [wakeAt, now]);
  return now;
}

/**
 * Whether a step is still open, kept up to date: `now` for its countdown and `open` for the
 * buttons it closes. No deadline (null) is always open.
 */
export function useDeadlineOpen(closesAt: string | null | undefined): { now: number; open: boolean } {
  const now = useNow(closesAt == null ? undefined : Date.parse(closesAt));
  return { now, open: closesAt == null || isOpenAt(closesAt, new Date(now)) };
}
