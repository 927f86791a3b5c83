import { placeholderError } from '@shared/domain/placeholders.ts';
import {
  AUTHOR_MESSAGE_TEXTS,
  type MessageTemplate,
  type MessageTemplateBody,
} from '@shared/schemas/author-messages.ts';
import type { AppContext } from '@server/context.ts';
import { isUniqueViolation } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import * as repo from './author-messages.repository.ts';

type TemplateRow = Awaited<ReturnType<typeof repo.listTemplates>>[number];

function present(row: TemplateRow): MessageTemplate {
  return { _id: row.id, name: row.name, subject: row.subject, body: row.body, updatedAt: row.updatedAt.toISOString() };
}

/** A template is checked as a message is: one with an unknown placeholder could never be sent. */
function refuseUnknownPlaceholders(input: MessageTemplateBody): void {
  const unknown = placeholderError(input.subject) ?? placeholderError(input.body);
  if (unknown) throw new AppError('bad_request', unknown);
}

export async function listTemplates(ctx: AppContext): Promise<MessageTemplate[]> {
  return (await repo.listTemplates(ctx.db)).map(present);
}

export async function createTemplate(ctx: AppContext, adminId: string, input: MessageTemplateBody) {
  refuseUnknownPlaceholders(input);
  const row = await repo.insertTemplate(ctx.db, { ...input, updatedBy: adminId });
  if (!row) throw new AppError('conflict', AUTHOR_MESSAGE_TEXTS.templateNameTaken);
  return present(row);
}

export async function updateTemplate(ctx: AppContext, adminId: string, id: string, input: MessageTemplateBody) {
  refuseUnknownPlaceholders(input);
  try {
    const row = await repo.updateTemplate(ctx.db, id, { ...input, updatedBy: adminId, updatedAt: new Date() });
    if (!row) throw new AppError('not_found', AUTHOR_MESSAGE_TEXTS.templateNotFound);
    return present(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', AUTHOR_MESSAGE_TEXTS.templateNameTaken);
    throw error;
  }
}

export async function deleteTemplate(ctx: AppContext, id: string): Promise<void> {
  if (!(await repo.deleteTemplate(ctx.db, id))) throw new AppError('not_found', AUTHOR_MESSAGE_TEXTS.templateNotFound);
}
