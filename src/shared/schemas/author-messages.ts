import { z } from 'zod';
import { listPaginationSchema } from './admin-dashboard.ts';
import { paperAudienceSchema } from './paper-audience.ts';
import { withKnownPlaceholders } from './placeholder-text.ts';
import { okResponse } from './responses.ts';
import { formatCount } from '../format/numbers.ts';

export const MESSAGE_LIMITS = { subject: 200, body: 10_000, templateName: 100 } as const;
/** How many recipients' filled-in texts the preview shows. */
export const MESSAGE_PREVIEW_COUNT = 3;

export const AUTHOR_MESSAGE_TEXTS = {
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `The subject is limited to ${MESSAGE_LIMITS.subject} characters.`,
  bodyRequired: 'Please write the message.',
  bodyTooLong: `The message is limited to ${formatCount(MESSAGE_LIMITS.body)} characters.`,
  noRecipients: 'None of the selected papers exists any more: nothing was sent.',
  messageNotFound: 'Message not found.',
  templateNameRequired: 'Please name the template.',
  templateNameTooLong: `A template name is limited to ${MESSAGE_LIMITS.templateName} characters.`,
  templateNameTaken: 'A template with this name already exists.',
  templateNotFound: 'Template not found.',
} as const;

const subject = z
  .string()
  .trim()
  .min(1, AUTHOR_MESSAGE_TEXTS.subjectRequired)
  .max(MESSAGE_LIMITS.subject, AUTHOR_MESSAGE_TEXTS.subjectTooLong);
const body = z
  .string()
  .trim()
  .min(1, AUTHOR_MESSAGE_TEXTS.bodyRequired)
  .max(MESSAGE_LIMITS.body, AUTHOR_MESSAGE_TEXTS.bodyTooLong);

/** Subject and body may hold placeholders (shared/domain/placeholders.ts); unknown ones are refused. */
export const messagePreviewBodySchema = z.object({ audience: paperAudienceSchema, subject, body });
export type MessagePreviewBody = z.infer<typeof messagePreviewBodySchema>;

/** The "Message authors" form: the body's texts, their placeholders checked as the service will. */
export const messageComposeSchema = z.object({
  subject: withKnownPlaceholders(subject),
  body: withKnownPlaceholders(body),
});
export type MessageCompose = z.infer<typeof messageComposeSchema>;

export const messageSendBodySchema = messagePreviewBodySchema.extend({
  /** Made once per composed message by the page: a repeated request (a double click) sends nothing more. */
  requestId: z.uuid('The request id is not valid.'),
});
export type MessageSendBody = z.infer<typeof messageSendBodySchema>;

export const messagePreviewSchema = z
  .object({ ictacemId: z.string(), name: z.string(), email: z.string(), subject: z.string(), body: z.string() })
  .meta({ id: 'MessagePreview' });
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

export const messagePreviewResponseSchema = okResponse({
  recipientCount: z.number(),
  samples: z.array(messagePreviewSchema),
  /** Whether the authors are e-mailed too: false when the site has no mail server (SMTP_URL), in the site only. */
  byEmail: z.boolean(),
});

export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'not_emailed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  not_emailed: 'In the site only',
};

export const authorMessageSchema = z
  .object({
    _id: z.string(),
    subject: z.string(),
    body: z.string(),
    audience: z.string(),
    recipientCount: z.number(),
    sentBy: z.string().nullable(),
    createdAt: z.string(),
    delivery: z.object(
      Object.fromEntries(DELIVERY_STATES.map((state) => [state, z.number()])) as Record<DeliveryState, z.ZodNumber>,
    ),
  })
  .meta({ id: 'AuthorMessage' });
export type AuthorMessage = z.infer<typeof authorMessageSchema>;

export const messageSendResponseSchema = okResponse({
  message: authorMessageSchema,
  /** The same request was sent before: this is that message, nothing was sent again. */
  duplicate: z.boolean(),
  /** Whether the authors are e-mailed too: false when the site has no mail server (SMTP_URL), in the site only. */
  byEmail: z.boolean(),
});

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
export const messageListQuerySchema = z.object({ page, limit: z.coerce.number().int().min(1).max(100).default(20) });
export const messageListResponseSchema = okResponse({
  messages: z.array(authorMessageSchema),
  pagination: listPaginationSchema,
});

export const recipientListQuerySchema = messageListQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  state: z.enum(DELIVERY_STATES).optional(),
});
export type RecipientListQuery = z.infer<typeof recipientListQuerySchema>;

export const messageRecipientSchema = z
  .object({
    paperId: z.string().nullable(),
    ictacemId: z.string(),
    name: z.string(),
    email: z.string(),
    state: z.enum(DELIVERY_STATES),
    /** Why the mail failed, or why it is being retried. */
    reason: z.string().nullable(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'MessageRecipient' });
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

export const recipientListResponseSchema = okResponse({
  message: authorMessageSchema,
  recipients: z.array(messageRecipientSchema),
  pagination: listPaginationSchema,
});

export const messageTemplateBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, AUTHOR_MESSAGE_TEXTS.templateNameRequired)
    .max(MESSAGE_LIMITS.templateName, AUTHOR_MESSAGE_TEXTS.templateNameTooLong),
  subject,
  body,
});
export type MessageTemplateBody = z.infer<typeof messageTemplateBodySchema>;

export const messageTemplateSchema = z
  .object({ _id: z.string(), name: z.string(), subject: z.string(), body: z.string(), updatedAt: z.string() })
  .meta({ id: 'MessageTemplate' });
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplateResponseSchema = okResponse({ template: messageTemplateSchema });
export const messageTemplateListResponseSchema = okResponse({ templates: z.array(messageTemplateSchema) });
