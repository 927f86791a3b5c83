import { z } from 'zod';
import './field-messages.ts';
import { CONFERENCE_DATE_KEYS, type ConferenceDateKey, isIsoWithOffset } from '../domain/deadlines.ts';

/**
 * What a conference is, as its configuration file gives it (docs/operations.md, "The
 * conference"): every object is strict, so a misspelt key is refused rather than ignored.
 */

/** What an ID's prefix may hold: IDs are compared in upper case and typed into payment forms. */
const ID_PREFIX = /^[A-Z][A-Z0-9]{0,19}$/;
/** A path under the site's address: one segment, as BASE_PATH has always been. */
const BASE_PATH = /^\/[A-Za-z0-9_-]+$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const text = z.string().trim().min(1);

const themeSchema = z.strictObject({
  /** As stored with each paper and shown everywhere. */
  label: text,
  /** A short code for exports and narrow columns. */
  code: z.string().regex(/^[A-Za-z0-9]{1,10}$/, 'a code is 1 to 10 letters or digits'),
  /** How the submission form spells it, when not as the label. */
  formLabel: text.optional(),
});

const presentationModeSchema = z.strictObject({
  /** As stored with each paper and shown everywhere. */
  label: text,
  /** Who the mode is meant for: its label says so to authors ("Poster (Only for Students)"). */
  for: z.enum(['everyone', 'students']).default('everyone'),
});

const sponsorshipTierSchema = z.strictObject({
  name: text,
  price: text,
  benefits: z.array(text),
  limit: text.optional(),
});

const sponsorshipOpportunitySchema = z.strictObject({ name: text, price: text, limit: text.optional() });

const datesShape = Object.fromEntries(
  CONFERENCE_DATE_KEYS.map((key) => [
    key,
    z.string().refine(isIsoWithOffset, 'an ISO 8601 date and time with its offset, e.g. 2030-10-15T23:59:59+01:00'),
  ]),
) as Record<ConferenceDateKey, z.ZodString>;

/** Its output is a Conference (conference/conference-types.ts), as conference-file.ts returns it. */
export const conferenceSchema = z
  .strictObject({
    fullName: text,
    acronym: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,19}$/, 'an acronym is letters, digits and -'),
    year: z.number().int().min(2000).max(2200),
    /** Defaults to "acronym year". */
    shortName: text.optional(),
    /** One sentence on the series: "Ninth edition, held every three years since 1998". */
    edition: text,
    venue: text,
    /** Where it is, as a page's description says it: "West Bengal, India". */
    location: text,
    /** The field its themes span, as in "4 themes in aerospace and mechanics". */
    discipline: text,
    /** Every deadline is shown in this zone (and in the visitor's own beside it). */
    timeZone: z.string().refine(isTimeZone, 'not a time zone this server knows (IANA name, e.g. Europe/Lisbon)'),
    /** How the zone is named after a time: "23:59 IST". */
    timeZoneName: z.string().regex(/^[A-Za-z][A-Za-z0-9+-]{0,9}$/, 'a short name such as IST or CET'),
    /** Where the site is served (BASE_PATH overrides it). */
    basePath: z.string().regex(BASE_PATH, 'a path of one segment such as /conference2030'),
    /** The start of every account's ID, which is also its paper's ID: upper-case letters and digits. */
    idPrefix: z.string().regex(ID_PREFIX, 'upper-case letters and digits, starting with a letter, 20 at most'),
    themes: z.array(themeSchema).min(1),
    presentationModes: z.array(presentationModeSchema).min(1),
    contact: z.strictObject({ email: text, phone: text, postalAddress: text }),
    institute: z.strictObject({ name: text, websiteUrl: text }),
    /** How authors pay (outside the site) and the programme ID they quote. */
    registration: z.strictObject({ paymentPortal: text, programmeId: text }),
    sponsorshipTiers: z.array(sponsorshipTierSchema),
    /** What every tier gives, beside each tier's own benefits. */
    sponsorshipBenefits: z.array(text),
    /** What can be sponsored apart from the tiers. */
    sponsorshipOpportunities: z.array(sponsorshipOpportunitySchema),
    /** The dates as announced, before the environment or an organiser changes them. */
    dates: z.strictObject(datesShape),
  })
  .superRefine((conference, context) => {
    const unique = (values: string[], path: (index: number) => (string | number)[], what: string) => {
      const seen = new Set<string>();
      values.forEach((value, index) => {
        const key = value.toLowerCase();
        if (seen.has(key))
          context.addIssue({ code: 'custom', path: path(index), message: `duplicate ${what} "${value}"` });
        seen.add(key);
      });
    };
    unique(
      conference.themes.map(({ code }) => code),
      (i) => ['themes', i, 'code'],
      'theme code',
    );
    unique(
      conference.themes.map(({ label }) => label),
      (i) => ['themes', i, 'label'],
      'theme',
    );
    unique(
      conference.presentationModes.map(({ label }) => label),
      (i) => ['presentationModes', i, 'label'],
      'mode',
    );
  })
  .transform((conference) => ({
    ...conference,
    shortName: conference.shortName ?? `${conference.acronym} ${conference.year}`,
  }));
