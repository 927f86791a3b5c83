/** What an outgoing e-mail is about: the outbox filters by it, and a template belongs to one. */
export const MAIL_KINDS = [
  'decision',
  'invitation',
  'assignment',
  'reminder',
  'presentation',
  'certificate',
  'author_message',
  'notice',
  'security',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  decision: 'Decision',
  invitation: 'Invitation',
  assignment: 'Assignment',
  reminder: 'Reminder',
  presentation: 'Presentation',
  certificate: 'Certificate',
  author_message: 'Message to authors',
  notice: 'Notice',
  security: 'Security',
};

/** queued: waiting for the mail server; unsent: the site had no mail server when it was written. */
export const MAIL_STATES = ['queued', 'sent', 'failed', 'unsent'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  unsent: 'Not sent: no mail server',
};
