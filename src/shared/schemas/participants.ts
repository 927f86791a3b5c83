import { z } from 'zod';
import { printableInPdfs } from '../domain/pdf-printable.ts';
import { publishable } from '../domain/publishable-text.ts';
import { okResponse } from './responses.ts';

/** The roles a participant holds at the conference (a badge's coloured band). */
export const PARTICIPANT_ROLES = ['author', 'speaker', 'committee', 'delegate', 'volunteer'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
export const PARTICIPANT_ROLE_LABELS: Record<ParticipantRole, string> = {
  author: 'Author',
  speaker: 'Speaker',
  committee: 'Committee',
  delegate: 'Delegate',
  volunteer: 'Volunteer',
};

/** A presenting author's payment, from their paper's (modules/payments); added participants have none. */
export const PARTICIPANT_PAYMENT_STATES = ['confirmed', 'entered', 'rejected', 'unpaid'] as const;
export type ParticipantPaymentState = (typeof PARTICIPANT_PAYMENT_STATES)[number];
export const PARTICIPANT_PAYMENT_LABELS: Record<ParticipantPaymentState, string> = {
  confirmed: 'Confirmed',
  entered: 'Entered',
  rejected: 'Rejected',
  unpaid: 'Unpaid',
};

export const PARTICIPANT_LIMITS = { name: 120, affiliation: 200, email: 254, csvBytes: 1_000_000, csvLines: 5000 };

export const PARTICIPANT_MESSAGES = {
  added: 'Participant added.',
  saved: 'Participant saved.',
  removed: 'Participant removed.',
  notFound: 'Participant not found.',
  duplicateEmail: 'A participant with this e-mail is already on the list.',
  paperRowFixed: "A presenting author's name and affiliation come from the paper: name another author instead.",
  paperRowNotRemovable: 'A presenting author stays on the list while the paper is accepted.',
  holdsCertificates: 'This participant holds a certificate: withdraw it before removing them from the list.',
  noSuchAuthor: 'The paper has no author at this position.',
  notABadge: 'Not a badge of this conference.',
  badgeReplaced: 'A new badge code is made: print the badge again; the old badge no longer checks in.',
  checkedIn: 'Checked in.',
  volunteerGranted: 'This account can now use the Check-in page, and nothing else.',
  volunteerRevoked: 'Check-in access removed.',
  noAccount: 'No account has this e-mail: ask the volunteer to register first, then grant access.',
  accountNotGrantable: 'An organiser or an author with a paper cannot be made a volunteer: use another account.',
  csvEncoding: 'The file is not UTF-8 text: save it as "CSV UTF-8" and import it again.',
  csvTooLarge: 'The file is too large (at most 1 MB and 5,000 lines).',
  csvNoHeader: 'The first line must name the columns: Name, Affiliation, E-mail, Role.',
  csvNothingToImport: 'No line can be imported: correct the file and try again.',
  invalidEmail: 'E-mail address is not valid.',
} as const;

const nameField = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(PARTICIPANT_LIMITS.name)
  .superRefine(publishable('Name'))
  .superRefine(printableInPdfs('Name'));
const affiliationField = z
  .string()
  .trim()
  .max(PARTICIPANT_LIMITS.affiliation)
  .superRefine(publishable('Affiliation'))
  .superRefine(printableInPdfs('Affiliation'));
const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(PARTICIPANT_LIMITS.email)
  .superRefine((email, ctx) => {
    if (email !== '' && !z.email().safeParse(email).success)
      ctx.addIssue({ code: 'invalid_format', format: 'email', message: PARTICIPANT_MESSAGES.invalidEmail });
  });

export const participantBodySchema = z.object({
  name: nameField,
  affiliation: affiliationField.default(''),
  email: emailField.default(''),
  role: z.enum(PARTICIPANT_ROLES),
});
export type ParticipantBody = z.infer<typeof participantBodySchema>;

/** A presenting author's row: another author of the paper presents, or a role other than Author. */
export const presenterBodySchema = z.object({
  presenterPosition: z.number().int().min(0).max(100),
  role: z.enum(PARTICIPANT_ROLES),
});

export const participantsQuerySchema = z.object({
  role: z.enum(PARTICIPANT_ROLES).optional(),
  payment: z.enum([...PARTICIPANT_PAYMENT_STATES, 'none']).optional(),
  checkedIn: z.enum(['yes', 'no']).optional(),
  q: z.string().trim().max(100).optional(),
});
export type ParticipantsQuery = z.infer<typeof participantsQuerySchema>;

export const checkInInfoSchema = z.object({ at: z.string(), byName: z.string() });

export const participantSchema = z.object({
  _id: z.string(),
  name: z.string(),
  affiliation: z.string(),
  email: z.string(),
  role: z.enum(PARTICIPANT_ROLES),
  /** The paper whose presenting author this is, or null for someone the organiser added. */
  paper: z
    .object({
      _id: z.string(),
      ictacemId: z.string(),
      presenterPosition: z.number(),
      authors: z.array(z.object({ position: z.number(), name: z.string() })),
    })
    .nullable(),
  paymentState: z.enum(PARTICIPANT_PAYMENT_STATES).nullable(),
  checkIn: checkInInfoSchema.nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantsResponseSchema = okResponse({ participants: z.array(participantSchema) });
export const participantResponseSchema = okResponse({ message: z.string(), participant: participantSchema });

/** The CSV as sent: base64 of the file's bytes (at most 1 MB), decoded and checked on the server. */
export const participantsImportBodySchema = z.object({ file: z.string().max(1_400_000) });

export const importLineSchema = z.object({
  line: z.number(),
  name: z.string(),
  affiliation: z.string(),
  email: z.string(),
  role: z.string(),
  problems: z.array(z.string()),
});
export type ImportLine = z.infer<typeof importLineSchema>;
export const importPreviewResponseSchema = okResponse({
  lines: z.array(importLineSchema),
  /** A problem of the whole file (its encoding, its header); no line is then importable. */
  fileProblem: z.string().nullable(),
  importable: z.number(),
});
export const importResponseSchema = okResponse({ message: z.string(), imported: z.number(), skipped: z.number() });

export const BADGE_LAYOUTS = ['a4-four', 'single'] as const;
export type BadgeLayout = (typeof BADGE_LAYOUTS)[number];
export const badgesQuerySchema = participantsQuerySchema.extend({
  layout: z.enum(BADGE_LAYOUTS).default('a4-four'),
  /** A selection: participant ids, comma-separated (at most 500); the filters apply when absent. */
  ids: z
    .string()
    .max(20_000)
    .regex(/^[0-9a-f,-]*$/i, 'Ids are participant ids separated by commas.')
    .optional()
    .transform((ids) => (ids ? ids.split(',').filter(Boolean) : undefined))
    .refine((ids) => !ids || ids.length <= 500, 'Select at most 500 participants.')
    .refine(
      (ids) => !ids || ids.every((id) => z.uuid().safeParse(id).success),
      'Ids are participant ids separated by commas.',
    ),
});
export const badgeQuerySchema = z.object({ layout: z.enum(BADGE_LAYOUTS).default('single') });

export const volunteerBodySchema = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });
export const volunteerSchema = z.object({ _id: z.string(), username: z.string(), email: z.string() });
export const volunteersResponseSchema = okResponse({ volunteers: z.array(volunteerSchema) });
export const volunteerResponseSchema = okResponse({ message: z.string(), volunteer: volunteerSchema });

/** What the registration desk sees of a participant. */
export const deskParticipantSchema = z.object({
  _id: z.string(),
  name: z.string(),
  affiliation: z.string(),
  role: z.enum(PARTICIPANT_ROLES),
  paymentState: z.enum(PARTICIPANT_PAYMENT_STATES).nullable(),
  checkIn: checkInInfoSchema.nullable(),
});
export type DeskParticipant = z.infer<typeof deskParticipantSchema>;

export const scanBodySchema = z.object({ code: z.string().max(200) });
export const scanResponseSchema = okResponse({ participant: deskParticipantSchema });
export const deskSearchQuerySchema = z.object({ q: z.string().trim().min(1, 'Enter a name to search for.').max(100) });
export const deskSearchResponseSchema = okResponse({ participants: z.array(deskParticipantSchema) });

export const checkInBodySchema = z.object({
  participantId: z.uuid(),
  /** Made by the page once per tap: a retried or queued request lands on the same check-in. */
  key: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});
export const CHECK_IN_OUTCOMES = ['checked_in', 'already_checked_in'] as const;
export const checkInResponseSchema = okResponse({
  message: z.string(),
  outcome: z.enum(CHECK_IN_OUTCOMES),
  participant: deskParticipantSchema,
});

export const checkInCountsResponseSchema = okResponse({
  total: z.number(),
  checkedIn: z.number(),
  byDayAndRole: z.array(z.object({ day: z.string(), role: z.enum(PARTICIPANT_ROLES), count: z.number() })),
});
