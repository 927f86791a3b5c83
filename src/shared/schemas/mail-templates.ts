import { z } from 'zod';
import {
  MAIL_TEMPLATE_TEXTS,
  MAIL_TEMPLATES,
  type MailTemplateKey,
  mailTemplateProblem,
} from '../domain/mail-templates.ts';
import { currentConference } from '../conference.ts';
import { placeholderError } from '../domain/placeholders.ts';
import { MAIL_KINDS } from '../domain/outbox.ts';
import { okResponse } from './responses.ts';

/** Checked as a whole by mailTemplateProblem (domain/mail-templates.ts), against the template's own placeholders. */
export const mailTemplateTextSchema = z.object({ subject: z.string(), body: z.string() });
export type MailTemplateText = z.infer<typeof mailTemplateTextSchema>;

/** A paper's ID as organisers type it: letters and digits only, so nothing else reaches a lookup. */
const paperIdText = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9-]*$/, { error: () => `Paper ID is a paper’s ID such as ${currentConference().idPrefix}ABCDE.` });

/** The text to preview (as typed, saved or not) and the paper or committee member to fill it with. */
export const mailTemplatePreviewBodySchema = mailTemplateTextSchema.extend({
  /** The paper's ID as organisers know it (ICTACEMP2025…). */
  paperId: paperIdText.optional(),
  memberId: z.uuid('Committee member not found.').optional(),
});
export type MailTemplatePreviewBody = z.infer<typeof mailTemplatePreviewBodySchema>;

export const mailPlaceholderSchema = z
  .object({ name: z.string(), description: z.string(), required: z.boolean() })
  .meta({ id: 'MailPlaceholder' });

export const mailTemplateSchema = z
  .object({
    key: z.string(),
    kind: z.enum(MAIL_KINDS),
    label: z.string(),
    sentWhen: z.string(),
    previewWith: z.enum(['paper', 'member']),
    /** The text in force: the organiser's, or the default. */
    subject: z.string(),
    body: z.string(),
    defaultSubject: z.string(),
    defaultBody: z.string(),
    edited: z.boolean(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
    placeholders: z.array(mailPlaceholderSchema),
  })
  .meta({ id: 'MailTemplate' });
export type MailTemplateView = z.infer<typeof mailTemplateSchema>;

export const mailTemplateChangeSchema = z
  .object({
    _id: z.string(),
    /** null: the default text was restored. */
    subject: z.string().nullable(),
    body: z.string().nullable(),
    changedBy: z.string().nullable(),
    changedAt: z.string(),
  })
  .meta({ id: 'MailTemplateChange' });
export type MailTemplateChange = z.infer<typeof mailTemplateChangeSchema>;

export const mailTemplateListResponseSchema = okResponse({ templates: z.array(mailTemplateSchema) });
export const mailTemplateResponseSchema = okResponse({
  template: mailTemplateSchema,
  history: z.array(mailTemplateChangeSchema),
});
export const mailTemplateSaveResponseSchema = okResponse({ message: z.string(), template: mailTemplateSchema });
export const mailTemplatePreviewResponseSchema = okResponse({
  preview: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
});

/**
 * The edit form of one template: the text checked as the save will check it, the problem shown
 * under the field it is about (a missing required placeholder under the body).
 */
export function mailTemplateFormSchema(key: MailTemplateKey) {
  return mailTemplateTextSchema.superRefine((text, context) => {
    const problem = mailTemplateProblem(key, text);
    if (!problem) return;
    const inSubject =
      SUBJECT_PROBLEMS.includes(problem) ||
      problem === placeholderError(text.subject, MAIL_TEMPLATES[key].placeholders);
    context.addIssue({ code: 'custom', message: problem, path: [inSubject ? 'subject' : 'body'] });
  });
}

const SUBJECT_PROBLEMS: readonly string[] = [
  MAIL_TEMPLATE_TEXTS.subjectRequired,
  MAIL_TEMPLATE_TEXTS.subjectOneLine,
  MAIL_TEMPLATE_TEXTS.subjectTooLong,
];

/** The preview form: a paper's ID or a committee member, either may be left empty. */
export const mailTemplatePreviewFormSchema = z.object({ paperId: paperIdText, memberId: z.string() });
