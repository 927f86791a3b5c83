import Bowser from 'bowser';

/** "Chrome on Linux": enough for an owner to recognise a sign-in, nothing more. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  return `${browser.name ?? 'Unknown browser'} on ${os.name ?? 'an unknown system'}`;
}
