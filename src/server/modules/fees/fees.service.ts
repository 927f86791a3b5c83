import type { z } from 'zod';
import { type Currency, FEE_MESSAGES, type FullPaperRequirement } from '@shared/domain/fees.ts';
import {
  type AdminFees,
  type FeeCategory,
  type feeCategoryBodySchema,
  feeSettingsBodySchema,
} from '@shared/schemas/fees.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { type DbOrTx, isUniqueViolation } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import * as repo from './fees.repository.ts';

export function presentCategory(row: repo.FeeCategoryRow): FeeCategory {
  return {
    _id: row.id,
    name: row.name,
    currency: row.currency as Currency,
    earlyBirdMinor: row.earlyBirdMinor,
    lateMinor: row.lateMinor,
  };
}

/** What opens the full-paper upload: an entered payment ID (the spec's rule, the default) or a confirmed payment. */
export async function fullPaperRequirement(db: DbOrTx): Promise<FullPaperRequirement> {
  return ((await repo.findSettings(db))?.fullPaperRequires as FullPaperRequirement | undefined) ?? 'entered';
}

/** The early-bird and late periods: the conference dates of the Deadlines page. */
export async function feePeriods(ctx: AppContext, db: DbOrTx = ctx.db) {
  const dates = await currentDates(ctx, db);
  return {
    earlyBirdOpens: dates.earlyBirdOpens,
    earlyBirdCloses: dates.earlyBirdCloses,
    lateRegistrationOpens: dates.lateRegistrationOpens,
  };
}

export async function listFeeCategories(db: DbOrTx): Promise<FeeCategory[]> {
  return (await repo.listCategories(db)).map(presentCategory);
}

export async function adminFees(ctx: AppContext): Promise<Omit<AdminFees, 'success'>> {
  return {
    categories: await listFeeCategories(ctx.db),
    periods: await feePeriods(ctx),
    fullPaperRequires: await fullPaperRequirement(ctx.db),
  };
}

/** The body as the route parsed it: amounts already in minor units. */
export type FeeCategoryInput = z.output<typeof feeCategoryBodySchema>;

function valuesOf(body: FeeCategoryInput): repo.FeeCategoryValues {
  return { name: body.name, currency: body.currency, earlyBirdMinor: body.earlyBird, lateMinor: body.late };
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', FEE_MESSAGES.categoryTaken);
    throw error;
  }
}

export async function createCategory(ctx: AppContext, actor: PublicUser, input: FeeCategoryInput) {
  const values = valuesOf(input);
  const row = await uniqueName(() => ctx.db.transaction((tx) => repo.insertCategory(tx, values, actor._id)));
  return { message: FEE_MESSAGES.categorySaved, category: presentCategory(row) };
}

export async function updateCategory(ctx: AppContext, actor: PublicUser, id: string, input: FeeCategoryInput) {
  const values = valuesOf(input);
  const row = await uniqueName(() => repo.updateCategory(ctx.db, id, values, actor._id));
  if (!row) throw new AppError('not_found', FEE_MESSAGES.categoryNotFound);
  return { message: FEE_MESSAGES.categorySaved, category: presentCategory(row) };
}

/** Authors who picked the category pick again; confirmed payments keep their amounts. */
export async function deleteCategory(ctx: AppContext, id: string) {
  if (!(await repo.deleteCategory(ctx.db, id))) throw new AppError('not_found', FEE_MESSAGES.categoryNotFound);
  return { message: FEE_MESSAGES.categoryDeleted };
}

export async function saveFeeSettings(ctx: AppContext, actor: PublicUser, input: unknown) {
  const { fullPaperRequires } = feeSettingsBodySchema.parse(input);
  await repo.saveSettings(ctx.db, fullPaperRequires, actor._id);
  return { message: FEE_MESSAGES.settingsSaved, fullPaperRequires };
}

export async function chosenCategory(db: DbOrTx, paperId: string): Promise<string | null> {
  return repo.findChoice(db, paperId);
}

export async function chooseCategory(db: DbOrTx, paperId: string, categoryId: string): Promise<void> {
  if (!(await repo.findCategory(db, categoryId))) throw new AppError('not_found', FEE_MESSAGES.categoryNotFound);
  await repo.saveChoice(db, paperId, categoryId);
}
