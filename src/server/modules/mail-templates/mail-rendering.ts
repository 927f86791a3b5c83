import { currentConference } from '@shared/conference.ts';
import { MAIL_TEMPLATES, type MailTemplateKey, type MailTemplateValues } from '@shared/domain/mail-templates.ts';
import { fillPlaceholders } from '@shared/domain/placeholders.ts';
import type { AppConfig } from '@server/config.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { findTemplateText } from './mail-templates.repository.ts';

export interface RenderedMail {
  subject: string;
  text: string;
}

/** Header values come from user text: no line breaks may reach a mail header. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** A template's text filled in: the subject on one line whatever the values hold. */
export function fillTemplate(
  text: { subject: string; body: string },
  values: Readonly<Record<string, string>>,
): RenderedMail {
  return { subject: oneLine(fillPlaceholders(text.subject, values)), text: fillPlaceholders(text.body, values) };
}

/**
 * The e-mail as the organiser worded it (or the default), read in the caller's transaction so a
 * mail queued with a change uses the text in force when it was written.
 */
export async function renderMail<K extends MailTemplateKey>(
  db: DbOrTx,
  key: K,
  values: MailTemplateValues<K>,
): Promise<RenderedMail> {
  return fillTemplate((await findTemplateText(db, key)) ?? MAIL_TEMPLATES[key], values);
}

/** The placeholders every e-mail to an author fills the same way, from its recipient. */
type PerRecipient = 'conference' | 'name' | 'profileLink';

/** The templates of e-mails that copy an author's notification. */
export type AuthorTemplateKey = {
  [K in MailTemplateKey]: PerRecipient extends (typeof MAIL_TEMPLATES)[K]['placeholders'][number] ? K : never;
}[MailTemplateKey];

/** What every notice fills in from its notification: the site's own short text. */
type FromNotification = 'heading' | 'message';

/**
 * Which template an author's notification is e-mailed with, and its values but those filled in
 * from the recipient and from the notification itself.
 */
export type AuthorMail = {
  [K in AuthorTemplateKey]: { template: K; values: Omit<MailTemplateValues<K>, PerRecipient | FromNotification> };
}[AuthorTemplateKey];

/** An author's e-mail: the template's values, the notification's text and the recipient's own. */
export async function renderAuthorMail(
  db: DbOrTx,
  mail: AuthorMail,
  notification: { title: string; message: string },
  recipient: ReturnType<typeof authorValues>,
): Promise<RenderedMail> {
  const text = (await findTemplateText(db, mail.template)) ?? MAIL_TEMPLATES[mail.template];
  const fromNotification: Record<FromNotification, string> = {
    heading: notification.title,
    message: notification.message,
  };
  return fillTemplate(text, { ...fromNotification, ...mail.values, ...recipient });
}

export function siteLink(config: Pick<AppConfig, 'publicUrl' | 'basePath'>, page: string): string {
  return `${config.publicUrl}${config.basePath}/${page}`;
}

export function authorValues(config: Pick<AppConfig, 'publicUrl' | 'basePath'>, name: string) {
  return { conference: currentConference().shortName, name: oneLine(name), profileLink: siteLink(config, 'profile') };
}

/** The comments to the author as the decision e-mails have always shown them: a paragraph, or nothing. */
export function commentsParagraph(review: string): string {
  return review ? `\n\nReview comments:\n${review}` : '';
}

export function bulletList(items: readonly string[]): string {
  return items.map((item) => `  - ${item}`).join('\n');
}

/** "a paper" or "3 papers". */
export function countOf(count: number, one: string, many: string): string {
  return count === 1 ? `a ${one}` : `${count} ${many}`;
}
