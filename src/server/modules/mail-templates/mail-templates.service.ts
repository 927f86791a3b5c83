import { MAIL_PLACEHOLDERS } from '@shared/domain/mail-placeholders.ts';
import {
  MAIL_TEMPLATE_KEYS,
  MAIL_TEMPLATE_TEXTS,
  MAIL_TEMPLATES,
  isMailTemplateKey,
  mailTemplateProblem,
  type MailTemplateKey,
} from '@shared/domain/mail-templates.ts';
import type {
  MailTemplateChange,
  MailTemplatePreviewBody,
  MailTemplateText,
  MailTemplateView,
} from '@shared/schemas/mail-templates.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import * as repo from './mail-templates.repository.ts';
import { fillTemplate } from './mail-rendering.ts';
import { previewValues } from './preview-values.ts';

type Saved = Awaited<ReturnType<typeof repo.listSavedTemplates>>[number];

function present(key: MailTemplateKey, saved: Saved | undefined): MailTemplateView {
  const definition = MAIL_TEMPLATES[key];
  const required: readonly string[] = definition.required;
  return {
    key,
    kind: definition.kind,
    label: definition.label,
    sentWhen: definition.sentWhen,
    previewWith: definition.previewWith,
    subject: saved?.subject ?? definition.subject,
    body: saved?.body ?? definition.body,
    defaultSubject: definition.subject,
    defaultBody: definition.body,
    edited: saved !== undefined,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
    updatedBy: saved ? (saved.updatedBy ?? 'A former organiser') : null,
    placeholders: definition.placeholders.map((name) => ({
      name,
      description: MAIL_PLACEHOLDERS[name].description,
      required: required.includes(name),
    })),
  };
}

function requireKey(key: string): MailTemplateKey {
  if (!isMailTemplateKey(key)) throw new AppError('not_found', MAIL_TEMPLATE_TEXTS.notFound);
  return key;
}

async function presentOne(ctx: AppContext, key: MailTemplateKey): Promise<MailTemplateView> {
  const saved = (await repo.listSavedTemplates(ctx.db)).find((row) => row.key === key);
  return present(key, saved);
}

export async function listTemplates(ctx: AppContext): Promise<MailTemplateView[]> {
  const saved = new Map((await repo.listSavedTemplates(ctx.db)).map((row) => [row.key, row]));
  return MAIL_TEMPLATE_KEYS.map((key) => present(key, saved.get(key)));
}

export async function getTemplate(
  ctx: AppContext,
  rawKey: string,
): Promise<{ template: MailTemplateView; history: MailTemplateChange[] }> {
  const key = requireKey(rawKey);
  const [template, changes] = await Promise.all([presentOne(ctx, key), repo.listChanges(ctx.db, key)]);
  return {
    template,
    history: changes.map((change) => ({
      _id: change.id,
      subject: change.subject,
      body: change.body,
      changedBy: change.changedBy,
      changedAt: change.changedAt.toISOString(),
    })),
  };
}

function refuseProblems(key: MailTemplateKey, text: MailTemplateText): void {
  const problem = mailTemplateProblem(key, text);
  if (problem) throw new AppError('bad_request', problem);
}

/** Saves the organiser's wording after checking it; the save and its history row are one transaction. */
export async function saveTemplate(ctx: AppContext, actor: PublicUser, rawKey: string, input: MailTemplateText) {
  const key = requireKey(rawKey);
  const text = { subject: input.subject.trim(), body: input.body.trimEnd() };
  refuseProblems(key, text);
  await ctx.db.transaction(async (tx) => {
    await repo.upsertTemplate(tx, { key, ...text, updatedBy: actor._id });
    await repo.insertChange(tx, { key, ...text, changedBy: actor._id });
  });
  return { message: MAIL_TEMPLATE_TEXTS.saved, template: await presentOne(ctx, key) };
}

/** "Restore the default": the organiser's text goes, and the history says who restored it. */
export async function restoreDefault(ctx: AppContext, actor: PublicUser, rawKey: string) {
  const key = requireKey(rawKey);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteTemplate(tx, key))) throw new AppError('conflict', MAIL_TEMPLATE_TEXTS.alreadyDefault);
    await repo.insertChange(tx, { key, subject: null, body: null, changedBy: actor._id });
  });
  return { message: MAIL_TEMPLATE_TEXTS.restored, template: await presentOne(ctx, key) };
}

/**
 * The e-mail a text (as typed, saved or not) would make for a real paper or committee member;
 * what the site only knows when it sends (an invitation link, a new time) is an example.
 */
export async function previewTemplate(ctx: AppContext, rawKey: string, input: MailTemplatePreviewBody) {
  const key = requireKey(rawKey);
  refuseProblems(key, input);
  const { to, values } = await previewValues(ctx, key, input);
  const mail = fillTemplate(input, values);
  return { to, subject: mail.subject, body: mail.text };
}
