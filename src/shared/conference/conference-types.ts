/**
 * A conference as configured (docs/operations.md, "The conference"), its short name filled in.
 * The configuration file is checked against schemas/conference.ts, whose output is this.
 */
export interface Conference {
  fullName: string;
  acronym: string;
  year: number;
  /** "acronym year" unless configured. */
  shortName: string;
  /** One sentence on the series: "Ninth edition, held every three years since 1998". */
  edition: string;
  venue: string;
  /** Where it is, as a page's description says it: "West Bengal, India". */
  location: string;
  /** The field its themes span, as in "4 themes in aerospace and mechanics". */
  discipline: string;
  /** Every deadline is shown in this zone (and in the visitor's own beside it). */
  timeZone: string;
  /** How the zone is named after a time: "23:59 IST". */
  timeZoneName: string;
  /** Where the site is served (BASE_PATH overrides it). */
  basePath: string;
  /** The start of every account's ID, which is also its paper's ID. */
  idPrefix: string;
  /** Papers store the label; the submission form shows formLabel when given. */
  themes: { label: string; code: string; formLabel?: string }[];
  /** Papers store the label; `for` says who the mode is meant for (its label tells authors). */
  presentationModes: { label: string; for: 'everyone' | 'students' }[];
  contact: { email: string; phone: string; postalAddress: string };
  institute: { name: string; websiteUrl: string };
  /** How authors pay (outside the site, spec section 1) and the programme ID they quote there. */
  registration: { paymentPortal: string; programmeId: string };
  sponsorshipTiers: { name: string; price: string; benefits: string[]; limit?: string }[];
  /** What every tier gives, beside each tier's own benefits. */
  sponsorshipBenefits: string[];
  /** What can be sponsored apart from the tiers. */
  sponsorshipOpportunities: { name: string; price: string; limit?: string }[];
  /**
   * The dates as announced, before the environment or an organiser changes them: every key of
   * CONFERENCE_DATE_KEYS (domain/deadlines.ts, which this folder does not import), as the schema checks.
   */
  dates: Readonly<Record<string, string>>;
}
