import { z } from 'zod';
import { MAIL_KINDS, MAIL_STATES } from '../domain/outbox.ts';
import { listPaginationSchema } from './admin-dashboard.ts';
import { okResponse } from './responses.ts';

export const OUTBOX_PAGE_SIZE = 50;

export const outboxQuerySchema = z.object({
  kind: z.enum(MAIL_KINDS).optional(),
  state: z.enum(MAIL_STATES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxMailSummarySchema = z
  .object({
    _id: z.string(),
    kind: z.enum(MAIL_KINDS),
    state: z.enum(MAIL_STATES),
    to: z.string(),
    /** The account it was written to, when it was written to one that still exists. */
    recipientName: z.string().nullable(),
    subject: z.string(),
    /** The mail server's answer to the last attempt, while failed or retried. */
    lastError: z.string().nullable(),
    attempts: z.number(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    /** When a failed mail is tried again by itself; null once it is sent or given up. */
    retryAt: z.string().nullable(),
  })
  .meta({ id: 'OutboxMailSummary' });
export type OutboxMailSummary = z.infer<typeof outboxMailSummarySchema>;

export const outboxListResponseSchema = okResponse({
  mails: z.array(outboxMailSummarySchema),
  pagination: listPaginationSchema,
  /** Whether a mail server is configured (SMTP_URL): without one nothing is sent or sent again. */
  canSend: z.boolean(),
});

/** Why a mail cannot be sent again now, or null when it can. */
export const OUTBOX_TEXTS = {
  noMailServer: 'No mail server is configured (SMTP_URL), so nothing can be sent.',
  alreadySent: 'This e-mail has been sent.',
  alreadyQueued: 'This e-mail is queued and goes out by itself.',
  retrying: 'This e-mail is tried again by itself.',
  mailNotFound: 'E-mail not found.',
  sentAgain: 'The e-mail is queued to be sent again.',
  linkHidden: '[the invitation link, shown only to the organiser who sent it]',
} as const;

export const outboxMailParamsSchema = z.object({ mailId: z.uuid(OUTBOX_TEXTS.mailNotFound) });

export const outboxMailSchema = outboxMailSummarySchema
  .extend({
    from: z.string(),
    /** The text as sent; null for a security e-mail, whose links sign their owner in. */
    body: z.string().nullable(),
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
    paperId: z.string().nullable(),
    /** Who wrote it by their action, if an organiser did. */
    queuedByName: z.string().nullable(),
    /**
     * A committee invitation's link, for the organiser who sent it only: a site without a mail
     * server can still invite. `usable` is false once it was answered, replaced or expired.
     */
    invitationLink: z.object({ url: z.string(), usable: z.boolean() }).nullable(),
    /** Why "Send again" is not offered, or null when it is. */
    sendAgainRefusal: z.string().nullable(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxMailResponseSchema = okResponse({ mail: outboxMailSchema });
export const outboxSendAgainResponseSchema = okResponse({ message: z.string(), mail: outboxMailSchema });
