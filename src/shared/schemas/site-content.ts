import { z } from 'zod';
import { printableInPdfs } from '../domain/pdf-printable.ts';
import { publishable } from '../domain/publishable-text.ts';
import { okResponse } from './responses.ts';

/**
 * The public pages' texts, read by the server from the content directory (Markdown for prose,
 * YAML for lists: docs/operations.md, "Content files") and sent to the client as data. Markdown
 * arrives already parsed into blocks of text runs, so the client draws it with React elements
 * and no HTML from a file ever reaches the page.
 *
 * Text may hold placeholders the client fills in: {shortName}, {fullName}, {venue},
 * {conferenceDays}; a part in [[ ]] is left out while a placeholder in it has no value yet.
 */

/** One run of text with its emphasis; `href` makes it (part of) a link, only http(s), mailto or a site path. */
export const markdownRunSchema = z
  .object({
    text: z.string(),
    strong: z.boolean().optional(),
    em: z.boolean().optional(),
    code: z.boolean().optional(),
    href: z.string().optional(),
  })
  .meta({ id: 'MarkdownRun' });
export type MarkdownRun = z.infer<typeof markdownRunSchema>;

export const markdownBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paragraph'), runs: z.array(markdownRunSchema) }),
  z.object({ kind: z.literal('heading'), runs: z.array(markdownRunSchema) }),
  z.object({ kind: z.literal('list'), ordered: z.boolean(), items: z.array(z.array(markdownRunSchema)) }),
]);
export type MarkdownBlock = z.infer<typeof markdownBlockSchema>;

const prose = z.array(markdownBlockSchema);

/** One line of text from a file: shown on the pages and printed in the documents (scripts/make-documents.ts). */
const line = (label: string) =>
  z.string().trim().min(1).max(2000).superRefine(printableInPdfs(label)).superRefine(publishable(label));
/** An optional line, empty allowed. */
const optionalLine = (label: string, max: number) =>
  z.string().trim().max(max).superRefine(printableInPdfs(label)).superRefine(publishable(label)).optional();

export const committeeListSchema = z
  .object({
    title: line('Title'),
    /** An empty list reads "To be announced". */
    members: z.array(z.object({ name: line('Name'), position: optionalLine('Position', 200) }).strict()),
  })
  .strict();

export const speakerSchema = z.object({ name: line('Name'), affiliation: optionalLine('Affiliation', 300) }).strict();

export const conferenceDocumentSchema = z
  .object({
    /** Page heading and tab title. */
    title: line('Title'),
    /** File name under /documents (public/documents), as the specification names it. */
    fileName: z
      .string()
      .trim()
      .regex(/^[^/\\]+\.pdf$/, 'must be a PDF file name without a folder'),
    /** Completes the button labels "View …" and "Download …". */
    buttonLabel: line('Button label'),
    summary: line('Summary'),
    metaDescription: line('Description'),
    listHeading: line('List heading'),
    listItems: z.array(line('Item')),
  })
  .strict()
  .meta({ id: 'ConferenceDocument' });
export type ConferenceDocument = z.infer<typeof conferenceDocumentSchema>;

/** What the YAML files hold, checked key by key at start (unknown keys refused). */
export const contentListsSchema = {
  'home.yaml': z
    .object({
      announcements: z
        .object({
          venueNote: line('Venue note'),
          publication: z.object({ highlight: line('Highlight'), text: line('Text') }).strict(),
        })
        .strict(),
    })
    .strict(),
  'about.yaml': z.object({ themesIntro: line('Themes introduction'), aboutUs: line('About us') }).strict(),
  'committee.yaml': z
    .object({
      committees: z.array(committeeListSchema),
      /** The card listing the programme committee members who agreed to be named; none when absent. */
      programmeCommitteeTitle: line('Title').optional(),
    })
    .strict(),
  'speakers.yaml': z.object({ speakers: z.array(speakerSchema) }).strict(),
  'sponsorship.yaml': z.object({ intro: line('Introduction'), metaDescription: line('Description') }).strict(),
  'important-dates.yaml': z
    .object({
      accommodation: z
        .object({ summary: line('Summary'), deadlineNote: line('Deadline note'), requestHint: line('Request hint') })
        .strict(),
    })
    .strict(),
  'documents.yaml': z
    .object({
      brochure: conferenceDocumentSchema,
      extendedAbstractFormat: conferenceDocumentSchema,
      fullLengthPaperFormat: conferenceDocumentSchema,
    })
    .strict(),
} as const;

/** The Markdown files: prose, one file per section of a page. */
export const CONTENT_PROSE_FILES = ['about.md', 'campus.md'] as const;

export const siteContentSchema = z.object({
  /** A hash of everything below: the route's ETag, and what a rendered page is kept under. */
  version: z.string(),
  home: contentListsSchema['home.yaml'],
  about: contentListsSchema['about.yaml'].extend({ conference: prose, campus: prose }),
  committee: contentListsSchema['committee.yaml'],
  speakers: contentListsSchema['speakers.yaml'].shape.speakers,
  sponsorship: contentListsSchema['sponsorship.yaml'],
  importantDates: contentListsSchema['important-dates.yaml'],
  documents: contentListsSchema['documents.yaml'],
});
export type SiteContent = z.infer<typeof siteContentSchema>;

export const siteContentResponseSchema = okResponse({ content: siteContentSchema });

/** A programme committee member who agreed, on accepting the invitation, to be named on the Committee page. */
export const publicCommitteeMemberSchema = z.object({ name: z.string(), affiliation: z.string() });
export const publicCommitteeResponseSchema = okResponse({ members: z.array(publicCommitteeMemberSchema) });
export type PublicCommitteeMember = z.infer<typeof publicCommitteeMemberSchema>;
