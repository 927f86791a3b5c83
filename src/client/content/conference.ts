/**
 * The conference as the pages read it, and the site's menus. What a conference says of itself
 * is its configuration (currentConference()) or its content files (GET /api/site-content), never
 * this folder: the built client names no conference. Values not given yet read "To be announced".
 */
import { type Conference, currentConference } from '@shared/conference.ts';

export const TO_BE_ANNOUNCED = 'To be announced';

/** True once organizers have replaced the "To be announced" placeholder with a real value. */
export function isAnnounced(value: string): boolean {
  return value.trim() !== '' && value !== TO_BE_ANNOUNCED;
}

/**
 * The conference as configured (its identity, edition, contact and institute): read at each use,
 * so a page drawn after the client has read the served configuration shows that conference.
 */
export const conference: Readonly<Conference> = new Proxy({} as Conference, {
  get: (_target, key) => currentConference()[key as keyof Conference],
});

export const mainMenu = [
  { to: '/', label: 'Home' },
  { to: '/brochure', label: 'Brochure' },
  { to: '/extended-abstract-format', label: 'Extended Abstract Format' },
  { to: '/full-length-paper-format', label: 'Full-Length Paper Format' },
  { to: '/important-dates', label: 'Important Dates' },
  { to: '/committee', label: 'Committee' },
  { to: '/sponsorship', label: 'Sponsorship' },
] as const;

export const footerLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/committee', label: 'Committee' },
  { to: '/speakers', label: 'Speakers' },
  { to: '/schedule', label: 'Schedule' },
] as const;

/** A mailto link for the contact address, or undefined while the address is to be announced. */
export function contactMailHref(subject?: string): string | undefined {
  const { email } = conference.contact;
  if (!isAnnounced(email)) return undefined;
  return `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}
