/**
 * Conference identity, contact details, menus and the home-page announcements.
 * All conference text lives in this folder (src/client/content/), one file per topic, so
 * organizers change wording without touching components and each page downloads only its own
 * text. Values the specification does not give are marked "To be announced": never invented.
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

/**
 * How to pay (spec section 1); fee amounts are not published. The registration periods are
 * conference dates, served by GET /api/settings/deadlines.
 */
export const registration = {
  paymentPortal: "the host institute's continuing-education portal",
  /** The programme id authors quote when paying on the portal. */
  programmeId: TO_BE_ANNOUNCED,
} as const;
