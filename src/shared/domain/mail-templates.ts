import type { MailKind } from './outbox.ts';
import { formatCount } from '../format/numbers.ts';
import type { MailPlaceholder } from './mail-placeholders.ts';
import { missingPlaceholderError, placeholderError } from './placeholders.ts';

/**
 * The e-mails the site writes by itself, each a template an organiser may reword: its default
 * text (what the site has always sent) and the placeholders it accepts. Security e-mails (a
 * password reset, a sign-in alert, two-factor) are not here: their text is fixed.
 */

/** What a preview fills a template with: one of the papers, or one of the committee members. */
export type MailPreviewSource = 'paper' | 'member';

interface MailTemplateDefinition {
  /** A notice's notification text, for a preview only: the site writes the real one. */
  notification?: { heading: string; message: string } | undefined;
  kind: Exclude<MailKind, 'security' | 'author_message'>;
  label: string;
  /** When the site sends it. */
  sentWhen: string;
  previewWith: MailPreviewSource;
  subject: string;
  body: string;
  placeholders: readonly MailPlaceholder[];
  required: readonly MailPlaceholder[];
}

const SIGN_IN = 'Sign in to see the details: {profileLink}';
const DECISION_PLACEHOLDERS = ['conference', 'name', 'paperId', 'title', 'status', 'comments', 'profileLink'] as const;
const NOTICE_PLACEHOLDERS = ['conference', 'name', 'heading', 'message', 'profileLink'] as const;
const PRESENTATION_PLACEHOLDERS = ['conference', 'name', 'title', 'profileLink'] as const;

/**
 * An author's notice whose e-mail repeats the notification by default ({heading}, {message}: the
 * site's own text, so the two agree), with the notice's facts as placeholders for a rewording.
 */
function notice<const P extends readonly MailPlaceholder[], const R extends readonly MailPlaceholder[] = []>(notice: {
  label: string;
  sentWhen: string;
  placeholders: P;
  required?: R;
  /** What the notification says, for a preview (its placeholders filled like the template's). */
  notification?: { heading: string; message: string };
}) {
  return {
    kind: 'notice' as const,
    label: notice.label,
    sentWhen: notice.sentWhen,
    previewWith: 'paper' as const,
    subject: '{conference}: {heading}',
    body: `Hello {name},\n\n{message}\n\n${SIGN_IN}`,
    placeholders: [...NOTICE_PLACEHOLDERS, ...notice.placeholders] as [...typeof NOTICE_PLACEHOLDERS, ...P],
    required: notice.required ?? ([] as unknown as R),
    notification: notice.notification,
  };
}

export const MAIL_TEMPLATES = {
  decision_accepted: {
    kind: 'decision',
    label: 'Abstract accepted',
    sentWhen: 'An abstract is accepted.',
    previewWith: 'paper',
    subject: '{conference}: Abstract accepted: {paperId}',
    body: `Hello {name},\n\nYour abstract "{title}" has been accepted. Please add your payment ID, then submit your full paper.{comments}\n\n${SIGN_IN}`,
    placeholders: DECISION_PLACEHOLDERS,
    required: [],
  },
  decision_declined: {
    kind: 'decision',
    label: 'Abstract declined',
    sentWhen: 'An abstract is declined.',
    previewWith: 'paper',
    subject: '{conference}: Abstract declined: {paperId}',
    body: `Hello {name},\n\nYour abstract "{title}" has been declined.{comments}\n\n${SIGN_IN}`,
    placeholders: DECISION_PLACEHOLDERS,
    required: [],
  },
  decision_status_changed: {
    kind: 'decision',
    label: 'Other status change',
    sentWhen: 'A paper’s status changes to anything but accepted or declined.',
    previewWith: 'paper',
    subject: '{conference}: Status changed to {status}: {paperId}',
    body: `Hello {name},\n\nThe status of "{title}" is now {status}.{comments}\n\n${SIGN_IN}`,
    placeholders: DECISION_PLACEHOLDERS,
    required: ['status'],
  },
  response_requested: {
    kind: 'decision',
    label: 'Response to the reviews requested',
    sentWhen: 'A paper is set to Author Response Awaited (on its page, in the list or in bulk).',
    previewWith: 'paper',
    subject: '{conference}: Please respond to the reviews: {paperId}',
    body: [
      'Hello {name},',
      '',
      'The committee asks for your response to the reviews of "{title}". The reviewers’ comments are shared with you on your profile, under "Respond to the reviews".',
      '',
      'Please write your response there (at most {wordLimit} words; you may add a revised abstract PDF) and submit it by {responseDeadline}. Once submitted it goes to the committee, who may revise their marks after reading it.{comments}',
      '',
      SIGN_IN,
    ].join('\n'),
    placeholders: [...DECISION_PLACEHOLDERS, 'responseDeadline', 'wordLimit'],
    required: ['responseDeadline'],
  },
  decision_review_comments: {
    kind: 'decision',
    label: 'New review comments',
    sentWhen: 'The comments to the author change and the status does not.',
    previewWith: 'paper',
    subject: '{conference}: New review comments: {paperId}',
    body: `Hello {name},\n\nThe reviewers commented on "{title}":\n\n{reviewComments}\n\n${SIGN_IN}`,
    placeholders: ['conference', 'name', 'paperId', 'title', 'status', 'reviewComments', 'profileLink'],
    required: ['reviewComments'],
  },
  committee_invitation: {
    kind: 'invitation',
    label: 'Invitation to the programme committee',
    sentWhen: 'An organiser invites a reviewer, or sends an invitation again.',
    previewWith: 'member',
    subject: '{conference}: invitation to the programme committee',
    body: [
      'Dear {name},',
      '',
      '{inviter} invites you, on behalf of the organisers of {conference}, to join its programme committee and review extended abstracts in:',
      '{themes}',
      'You would be asked to review at most {maxPapers}.{note}',
      '',
      'Accept or decline here (the link works once, until {expires}):',
      '{link}',
      '',
      'If you already have an account on the conference site, you will sign in with it; otherwise you will choose a password for a new one.',
    ].join('\n'),
    placeholders: ['conference', 'name', 'inviter', 'themes', 'maxPapers', 'note', 'expires', 'link'],
    required: ['link'],
  },
  reviews_assigned: {
    kind: 'assignment',
    label: 'Papers assigned',
    sentWhen: 'Papers are assigned to a committee member: one e-mail with all of them.',
    previewWith: 'member',
    subject: '{conference}: {paperCount} for you to review',
    body: [
      'Dear {name},',
      '',
      'The organisers of {conference} have asked you to review {thesePapers}:',
      '{papers}',
      '',
      'Your reviews, with every paper assigned to you: {reviewsLink}',
      '',
      'If you find you have a conflict of interest with one of them, please tell the organisers.',
    ].join('\n'),
    placeholders: ['conference', 'name', 'paperCount', 'thesePapers', 'papers', 'reviewsLink'],
    required: ['papers'],
  },
  review_reminder: {
    kind: 'reminder',
    label: 'Reviews still to submit',
    sentWhen: '“Remind reviewers”, and the automatic reminders before the review deadline.',
    previewWith: 'member',
    subject: '{conference}: {reviewCount} still to submit',
    body: [
      'Dear {name},',
      '',
      'Reviews are due by {deadline}. These are still to be submitted:',
      '{papers}',
      '',
      'Your reviews: {reviewsLink}',
    ].join('\n'),
    placeholders: ['conference', 'name', 'reviewCount', 'deadline', 'papers', 'reviewsLink'],
    required: ['papers'],
  },
  presentation_scheduled: {
    kind: 'presentation',
    label: 'Presentation scheduled',
    sentWhen: 'A published programme adds a paper’s presentation (the calendar entry is attached).',
    previewWith: 'paper',
    subject: '{conference}: Your presentation is scheduled',
    body: `Hello {name},\n\n“{title}” is scheduled for {when}. The calendar entry is attached; the whole programme is at {scheduleLink}.\n\n${SIGN_IN}`,
    placeholders: [...PRESENTATION_PLACEHOLDERS, 'when', 'scheduleLink'],
    required: ['when'],
  },
  presentation_moved: {
    kind: 'presentation',
    label: 'Presentation moved',
    sentWhen: 'A published programme moves a paper’s presentation (the calendar entry is attached).',
    previewWith: 'paper',
    subject: '{conference}: Your presentation has moved',
    body: `Hello {name},\n\n“{title}” is scheduled for {when}. It was at {previously}. The calendar entry is attached; the whole programme is at {scheduleLink}.\n\n${SIGN_IN}`,
    placeholders: [...PRESENTATION_PLACEHOLDERS, 'when', 'previously', 'scheduleLink'],
    required: ['when'],
  },
  presentation_removed: {
    kind: 'presentation',
    label: 'Presentation removed',
    sentWhen: 'A published programme takes a paper’s presentation out.',
    previewWith: 'paper',
    subject: '{conference}: Your presentation is no longer in the programme',
    body: `Hello {name},\n\n“{title}” is no longer in the programme of {conference}. The organisers will tell you more if they have not already.\n\n${SIGN_IN}`,
    placeholders: PRESENTATION_PLACEHOLDERS,
    required: [],
  },
  certificates_sent: {
    kind: 'certificate',
    label: 'Certificates',
    sentWhen: '“E-mail certificates” on the Certificates page, after the conference (the PDFs are attached).',
    previewWith: 'paper',
    subject: '{conference}: your certificates',
    body: [
      'Dear {name},',
      '',
      'Thank you for taking part in {conference}. Your certificates are attached as PDF files:',
      '{certificates}',
      '',
      'Anyone can check that a certificate is genuine with the verification code printed on it, at {verifyLink}',
    ].join('\n'),
    placeholders: ['conference', 'name', 'certificates', 'verifyLink'],
    required: ['certificates'],
  },
  deadline_extended: notice({
    label: 'Deadline extended',
    sentWhen: 'An organiser extends a deadline for one paper.',
    placeholders: ['paperId', 'title', 'step', 'until', 'reason'],
    notification: {
      heading: 'Deadline extended: {paperId}',
      message: 'The {step} deadline of "{title}" is extended for you until {until}.\n\nReason: {reason}',
    },
  }),
  payment_rejected: notice({
    label: 'Payment rejected',
    sentWhen: 'An organiser rejects the payment ID an author entered.',
    placeholders: ['paperId', 'title', 'paymentId', 'reason'],
    notification: {
      heading: 'Payment not confirmed: {paperId}',
      message:
        'The organisers could not confirm the payment ID {paymentId} you entered for "{title}". You may enter another payment ID from your profile.\n\nReason: {reason}',
    },
  }),
  submission_reset: notice({
    label: 'Submission reset',
    sentWhen: 'An organiser resets a paper’s abstract or full paper so the author uploads it again.',
    placeholders: ['paperId', 'title', 'submission', 'reason'],
    notification: {
      heading: 'Submission reset: {paperId}',
      message:
        'The reviewers reset your {submission} for "{title}". Please upload a new version from your profile.\n\nReason: {reason}',
    },
  }),
  submission_restored: notice({
    label: 'Submission restored',
    sentWhen: 'An organiser restores the abstract or full paper a reset had removed.',
    placeholders: ['paperId', 'title', 'submission', 'reason'],
    notification: {
      heading: 'Submission restored: {paperId}',
      message:
        'The reviewers restored your {submission} for "{title}": the version you uploaded before the reset is your submission again, and nothing needs to be uploaded.\n\nReason: {reason}',
    },
  }),
  document_shared: notice({
    label: 'Document from the reviewers',
    sentWhen: 'An organiser shares a document with the author of a paper.',
    placeholders: ['paperId', 'title', 'fileName'],
    notification: {
      heading: 'New document from the reviewers: {paperId}',
      message: 'The reviewers shared "{fileName}" with you for "{title}". Open your profile to read it.',
    },
  }),
  chat_message: notice({
    label: 'Chat message to the author',
    sentWhen: 'An organiser writes in a paper’s chat.',
    placeholders: ['paperId', 'title', 'preview'],
    notification: {
      heading: 'New message from the reviewers on {paperId}',
      message: 'A reviewer wrote about "{title}": {preview}',
    },
  }),
  visa_letter_issued: notice({
    label: 'Visa letter issued',
    sentWhen: 'An organiser approves a request for a visa invitation letter.',
    placeholders: ['paperId'],
    notification: {
      heading: 'Visa invitation letter issued',
      message: 'Your visa invitation letter for paper {paperId} is ready. Download it from your profile.',
    },
  }),
  visa_request_declined: notice({
    label: 'Visa letter request declined',
    sentWhen: 'An organiser declines a request for a visa invitation letter.',
    placeholders: ['reason'],
    notification: {
      heading: 'Visa letter request declined',
      message: 'Your request for a visa invitation letter was declined: {reason}',
    },
  }),
  author_notice: notice({
    label: 'Other notices to authors',
    sentWhen: 'A notification an organiser writes to an author, and any other notice to an author.',
    placeholders: [],
    required: ['message'],
  }),
} as const satisfies Record<string, MailTemplateDefinition>;

export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATES) as MailTemplateKey[];
/** The values a template is filled with: one for each placeholder it accepts. */
export type MailTemplateValues<K extends MailTemplateKey> = Record<
  (typeof MAIL_TEMPLATES)[K]['placeholders'][number],
  string
>;

export function isMailTemplateKey(key: string): key is MailTemplateKey {
  return Object.hasOwn(MAIL_TEMPLATES, key);
}

export const MAIL_TEMPLATE_LIMITS = { subject: 200, body: 20_000 } as const;

export const MAIL_TEMPLATE_TEXTS = {
  notFound: 'Template not found.',
  subjectRequired: 'Please enter a subject.',
  subjectOneLine: 'The subject must be one line.',
  subjectTooLong: `The subject is limited to ${MAIL_TEMPLATE_LIMITS.subject} characters.`,
  bodyRequired: 'Please write the body.',
  bodyTooLong: `The body is limited to ${formatCount(MAIL_TEMPLATE_LIMITS.body)} characters.`,
  alreadyDefault: 'This template already uses the default text.',
  saved: 'Template saved.',
  restored: 'The default text is restored.',
  noPreviewPaper: 'Paper not found.',
  noPreviewMember: 'Committee member not found.',
} as const;

/**
 * What is wrong with a template's text, or null: the same check for the form and for the save,
 * which refuses what this names. Placeholders outside the template's own set are refused, and so
 * is a text without one it requires (an invitation without its link could never be used).
 */
export function mailTemplateProblem(key: MailTemplateKey, text: { subject: string; body: string }): string | null {
  const { placeholders, required } = MAIL_TEMPLATES[key];
  if (text.subject.trim() === '') return MAIL_TEMPLATE_TEXTS.subjectRequired;
  if (/[\r\n]/.test(text.subject)) return MAIL_TEMPLATE_TEXTS.subjectOneLine;
  if (text.subject.length > MAIL_TEMPLATE_LIMITS.subject) return MAIL_TEMPLATE_TEXTS.subjectTooLong;
  if (text.body.trim() === '') return MAIL_TEMPLATE_TEXTS.bodyRequired;
  if (text.body.length > MAIL_TEMPLATE_LIMITS.body) return MAIL_TEMPLATE_TEXTS.bodyTooLong;
  return (
    placeholderError(text.subject, placeholders) ??
    placeholderError(text.body, placeholders) ??
    missingPlaceholderError([text.subject, text.body], required)
  );
}
