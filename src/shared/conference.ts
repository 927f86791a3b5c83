/**
 * Who the conference is, where and when: the one source for the pages (src/client/content) and
 * the documents the server makes (the Book of Abstracts, letters).
 */
export const CONFERENCE = {
  acronym: 'ICTACEM',
  year: 2025,
  shortName: 'ICTACEM 2025',
  fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  dates: '15-17 December 2025',
  /** The same days as instants (deadlines.test.ts checks they read as `dates`). */
  starts: '2025-12-15T09:00:00+05:30',
  ends: '2025-12-17T18:00:00+05:30',
  venue: 'Technical institute campus, West Bengal, India',
  /** Every deadline is shown in this zone (and in the visitor's own beside it). */
  timeZone: 'Asia/Kolkata',
  /** How the zone is named after a time: "23:59 IST". */
  timeZoneName: 'IST',
} as const;
