import type Bowser from 'bowser';
import { loadedWhenUsed } from './loaded-when-used.ts';

/** Loaded by the first sign-in, not at start. */
const bowser = loadedWhenUsed<typeof Bowser>('bowser');

/** "Chrome on Linux": enough for an owner to recognise a sign-in, nothing more. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = bowser().parse(userAgent);
  return `${browser.name ?? 'Unknown browser'} on ${os.name ?? 'an unknown system'}`;
}
