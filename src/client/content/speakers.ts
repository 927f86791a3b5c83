export interface Speaker {
  name: string;
  affiliation: string;
}

/**
 * Keynote speakers, in the order shown. None are announced yet: add entries such as
 * { name: 'Full Name', affiliation: 'University, Country' } and the page shows a card for each.
 */
export const keynoteSpeakers: readonly Speaker[] = [];
