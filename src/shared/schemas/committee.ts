import { z } from 'zod';
import { isConfiguredChoice, themeLabels } from '../conference.ts';
import { COMMITTEE_LIMITS, COMMITTEE_MEMBER_STATUSES, COMMITTEE_TEXTS } from '../domain/committee.ts';
import { printableInPdfs } from '../domain/pdf-printable.ts';
import { publishable } from '../domain/publishable-text.ts';
import { emailSchema, passwordSchema } from './auth.ts';
import { messageResponseSchema, okResponse } from './responses.ts';

const spacedOnce = (value: string) => value.trim().replace(/\s+/g, ' ');

export const committeeInvitationBodySchema = z.object({
  name: z
    .string()
    .transform(spacedOnce)
    .pipe(
      z
        .string()
        .min(1, COMMITTEE_TEXTS.nameRequired)
        .max(COMMITTEE_LIMITS.name, COMMITTEE_TEXTS.nameTooLong)
        .superRefine(printableInPdfs('Name'))
        .superRefine(publishable('Name')),
    ),
  email: emailSchema,
  /** Optional: matched against the authors' affiliations to find conflicts of interest. */
  affiliation: z
    .string()
    .transform(spacedOnce)
    .pipe(z.string().max(COMMITTEE_LIMITS.affiliation, COMMITTEE_TEXTS.affiliationTooLong))
    .default(''),
  themes: z
    .array(z.string().refine(isConfiguredChoice(themeLabels), 'Choose one of the conference themes.'))
    .min(1, COMMITTEE_TEXTS.themesRequired)
    .refine((themes) => themes.length <= themeLabels().length, 'Each theme is chosen once.')
    .transform((themes) => themeLabels().filter((theme) => themes.includes(theme))),
  maxPapers: z
    .number(COMMITTEE_TEXTS.maxPapersInvalid)
    .int(COMMITTEE_TEXTS.maxPapersInvalid)
    .min(1, COMMITTEE_TEXTS.maxPapersInvalid)
    .max(COMMITTEE_LIMITS.maxPapers, COMMITTEE_TEXTS.maxPapersInvalid),
  note: z.string().trim().max(COMMITTEE_LIMITS.note, COMMITTEE_TEXTS.noteTooLong).default(''),
});
export type CommitteeInvitationBody = z.input<typeof committeeInvitationBodySchema>;

export const committeeMemberSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    affiliation: z.string(),
    themes: z.array(z.string()),
    maxPapers: z.number(),
    status: z.enum(COMMITTEE_MEMBER_STATUSES),
    note: z.string(),
    declineReason: z.string(),
    /** The account the member accepted with; null until then. */
    userId: z.string().nullable(),
    invitedAt: z.string(),
    respondedAt: z.string().nullable(),
    /** When the waiting invitation's link stops working; null once answered or withdrawn. */
    invitationExpiresAt: z.string().nullable(),
    /** Papers assigned to them, and the reviews of those they have submitted. */
    assigned: z.number(),
    reviewed: z.number(),
    /** After the review deadline: their reviews still not submitted of papers not yet decided. */
    late: z.number(),
  })
  .meta({ id: 'CommitteeMember' });
export type CommitteeMember = z.infer<typeof committeeMemberSchema>;

export const committeeListResponseSchema = okResponse({ members: z.array(committeeMemberSchema) });
export const committeeMemberResponseSchema = okResponse({ message: z.string(), member: committeeMemberSchema });

/** What the invitation page shows before the invitee answers. */
export const committeeInvitationViewSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** As the public Committee page would name the member, should they agree. */
  affiliation: z.string(),
  themes: z.array(z.string()),
  maxPapers: z.number(),
  note: z.string(),
  expiresAt: z.string(),
  /** An account with the invited address exists: the invitee signs in with it to accept. */
  accountExists: z.boolean(),
});
export type CommitteeInvitationView = z.infer<typeof committeeInvitationViewSchema>;
export const committeeInvitationResponseSchema = okResponse({ invitation: committeeInvitationViewSchema });

/** A new person sets the password of their account; an existing account accepts signed in. */
export const acceptInvitationBodySchema = z.object({
  password: passwordSchema.optional(),
  /** The invitee agrees to be named, with the affiliation, on the public Committee page. */
  listPublicly: z.boolean().default(false),
});
/** A member's own consent to be named on the public Committee page, as it stands. */
export const committeeListingSchema = z
  .object({
    listedPublicly: z.boolean(),
    /** As the page names them. */
    name: z.string(),
    affiliation: z.string(),
  })
  .meta({ id: 'CommitteeListing' });
export type CommitteeListing = z.infer<typeof committeeListingSchema>;
export const committeeListingResponseSchema = okResponse({ listing: committeeListingSchema });
/** The member gives or withdraws the consent they were asked for on accepting. */
export const committeeListingBodySchema = z.object({ listedPublicly: z.boolean() });
export type CommitteeListingBody = z.infer<typeof committeeListingBodySchema>;
export const committeeListingSavedResponseSchema = okResponse({ message: z.string(), listing: committeeListingSchema });

export const declineInvitationBodySchema = z.object({
  reason: z.string().trim().max(COMMITTEE_LIMITS.declineReason, COMMITTEE_TEXTS.declineReasonTooLong).default(''),
});

export const invitationAnsweredResponseSchema = messageResponseSchema.extend({
  /** True when accepting created the account and signed it in. */
  signedIn: z.boolean(),
});
