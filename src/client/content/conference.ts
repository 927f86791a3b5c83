/**
 * All conference text in one place, so organizers change wording without touching components.
 * Values the specification does not give are marked "To be announced": never invented.
 */
export const TO_BE_ANNOUNCED = 'To be announced';

export const conference = {
  acronym: 'ICTACEM',
  year: 2025,
  shortName: 'ICTACEM 2025',
  fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  edition: 'Ninth edition, held every three years since 1998',
  dates: '15-17 December 2025',
  venue: 'Technical institute campus, West Bengal, India',
  contact: {
    email: TO_BE_ANNOUNCED,
    phone: TO_BE_ANNOUNCED,
    postalAddress: TO_BE_ANNOUNCED,
  },
} as const;

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
  if (email === TO_BE_ANNOUNCED) return undefined;
  return `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}
