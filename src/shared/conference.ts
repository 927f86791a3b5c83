/**
 * Who the conference is and where: the one source for the pages (src/client/content) and the
 * documents the server makes (the Book of Abstracts, letters). When it takes place is one of the
 * conference's dates (domain/deadlines.ts): announced, configured or changed by an admin.
 */
export const CONFERENCE = {
  acronym: 'ICTACEM',
  year: 2025,
  shortName: 'ICTACEM 2025',
  fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  venue: 'Technical institute campus, West Bengal, India',
  /** Every deadline is shown in this zone (and in the visitor's own beside it). */
  timeZone: 'Asia/Kolkata',
  /** How the zone is named after a time: "23:59 IST". */
  timeZoneName: 'IST',
} as const;
