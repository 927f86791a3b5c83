import { currentConference } from '@shared/conference.ts';
import {
  type Currency,
  dayIn,
  FEE_MESSAGES,
  formatMoney,
  type PaymentSource,
  type PaymentState,
  type Rate,
  RATE_LABELS,
  rateOn,
} from '@shared/domain/fees.ts';
import { isRealPaymentId, normalizePaymentId } from '@shared/domain/payment.ts';
import type { AdminPayments, AuthorFees, PaperPayment } from '@shared/schemas/fees.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { type DbOrTx, isUniqueViolation } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { groupBy } from '@server/lib/group-by.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import {
  chooseCategory,
  chosenCategory,
  feePeriods,
  fullPaperRequirement,
  listFeeCategories,
} from '../fees/fees.service.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { applyPaperStep, PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { findPaper, findPaperForUpdate, type PaperRow } from '../papers/papers.repository.ts';
import * as repo from './payments.repository.ts';

/**
 * A paper's payment (docs/architecture.md, "Payments"): Entered when its author typed a real
 * payment ID, Confirmed once an organiser (or, later, a statement import) confirmed it with the
 * date received, amount and rate, Rejected with a reason (the ID is cleared and the author may
 * enter another; the paper counts as Unpaid until they do).
 */
export function paymentOf(
  paper: Pick<PaperRow, 'id' | 'paymentId'>,
  decisions: repo.PaymentDecisionRow[],
  categoryId: string | null,
): PaperPayment {
  const confirmed = decisions.find((d) => d.state === 'confirmed');
  const rejected = decisions.filter((d) => d.state === 'rejected').at(-1);
  const state: PaymentState = confirmed ? 'confirmed' : isRealPaymentId(paper.paymentId) ? 'entered' : 'unpaid';
  return {
    paperId: paper.id,
    state,
    paymentId: paper.paymentId,
    confirmation: confirmed
      ? {
          paymentId: confirmed.paymentId,
          receivedOn: confirmed.receivedOn!,
          amountMinor: confirmed.amountMinor!,
          currency: confirmed.currency as Currency,
          rate: confirmed.rate as Rate,
          source: confirmed.source as PaymentSource,
          receiptNumber: confirmed.receiptNumber!,
          confirmedBy: confirmed.decidedBy,
          confirmedAt: confirmed.decidedAt.toISOString(),
        }
      : null,
    lastRejection:
      rejected && !confirmed
        ? {
            paymentId: rejected.paymentId,
            reason: rejected.reason ?? '',
            rejectedBy: rejected.decidedBy,
            rejectedAt: rejected.decidedAt.toISOString(),
          }
        : null,
    categoryId,
  };
}

async function paymentOfPaper(db: DbOrTx, paper: Pick<PaperRow, 'id' | 'paymentId'>): Promise<PaperPayment> {
  return paymentOf(paper, await repo.findDecisionsOfPaper(db, paper.id), await chosenCategory(db, paper.id));
}

async function ownPaper(ctx: AppContext, actor: PublicUser, paperId: string): Promise<PaperRow> {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper || paper.userId !== actor._id) throw new AppError('not_found', PAPER_NOT_FOUND);
  return paper;
}

/** The author's view: the fees beside the payment instructions, their category and their payment. */
export async function authorFees(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
): Promise<Omit<AuthorFees, 'success'>> {
  const paper = await ownPaper(ctx, actor, paperId);
  return {
    paper: { ictacemId: paper.ictacemId, title: paper.title },
    categories: await listFeeCategories(ctx.db),
    periods: await feePeriods(ctx),
    fullPaperRequires: await fullPaperRequirement(ctx.db),
    payment: await paymentOfPaper(ctx.db, paper),
  };
}

export async function chooseOwnCategory(ctx: AppContext, actor: PublicUser, paperId: string, categoryId: string) {
  const paper = await ownPaper(ctx, actor, paperId);
  return ctx.db.transaction(async (tx) => {
    await chooseCategory(tx, paperId, categoryId);
    return { message: FEE_MESSAGES.categoryChosen, payment: await paymentOfPaper(tx, paper) };
  });
}

export interface ConfirmPaymentInput {
  /** The ID the organiser saw (or the statement names); another one on the paper refuses. */
  paymentId?: string;
  /** The calendar day the money arrived, "2025-11-12". */
  receivedOn: string;
  amountMinor: number;
  currency: Currency;
  /** Computed from `receivedOn` and the conference dates when not given. */
  rate?: Rate;
  source: PaymentSource;
  /** The payer as the statement names them; the receipt prints it instead of the author's name. */
  payerName?: string | null;
  /** Why an organiser confirmed by hand what a statement did not match (on the timeline). */
  note?: string;
}

export interface ConfirmOutcome {
  /** False when the payment was already confirmed (by another organiser or an import): nothing changed. */
  confirmed: boolean;
  payment: PaperPayment;
}

/**
 * Confirms a paper's entered payment, inside the caller's transaction: the one function an
 * organiser's "Confirm" and a statement import both call. The paper's row is locked first, so
 * two confirmations of one paper at once take turns and the second finds the first (answering
 * `confirmed: false`); the partial unique indexes on payment_decisions guarantee it besides.
 */
export async function confirmPayment(
  ctx: AppContext,
  tx: DbOrTx,
  actor: PublicUser,
  paperId: string,
  input: ConfirmPaymentInput,
): Promise<ConfirmOutcome> {
  const paper = await findPaperForUpdate(tx, paperId);
  if (!paper) throw new AppError('not_found', PAPER_NOT_FOUND);
  if (input.paymentId !== undefined && normalizePaymentId(input.paymentId) !== paper.paymentId) {
    const existing = await repo.findConfirmation(tx, paperId);
    if (existing && existing.paymentId === normalizePaymentId(input.paymentId))
      return { confirmed: false, payment: await paymentOfPaper(tx, paper) };
    throw new AppError('conflict', FEE_MESSAGES.paymentIdChanged);
  }
  if (await repo.findConfirmation(tx, paperId)) return { confirmed: false, payment: await paymentOfPaper(tx, paper) };
  if (!isRealPaymentId(paper.paymentId)) throw new AppError('conflict', FEE_MESSAGES.notEntered);
  if (await repo.paymentIdConfirmedForAnotherPaper(tx, paper.paymentId, paperId))
    throw new AppError('conflict', FEE_MESSAGES.confirmedElsewhere);
  if (input.receivedOn > dayIn(ctx.now().toISOString(), currentConference().timeZone))
    throw new AppError('bad_request', FEE_MESSAGES.receivedInFuture);
  const rate = input.rate ?? rateOn(input.receivedOn, await currentDates(ctx, tx), currentConference().timeZone);
  await applyPaperStep(tx, paperId, {
    actor,
    action: { type: 'payment_confirmed' },
    reason: input.note,
    // The paper's row is touched (not its version, which guards the organisers' open forms) so
    // that the dashboard's figures, cached per version of the papers, count the confirmation.
    changes: () => ({ updatedAt: ctx.now() }),
    bumpVersion: false,
    details: {
      paymentId: paper.paymentId,
      receivedOn: input.receivedOn,
      amount: formatMoney(input.amountMinor, input.currency),
      rate: RATE_LABELS[rate],
      source: input.source,
    },
  });
  await repo.insertConfirmation(tx, {
    paperId,
    paymentId: paper.paymentId,
    receivedOn: input.receivedOn,
    amountMinor: input.amountMinor,
    currency: input.currency,
    rate,
    source: input.source,
    payerName: input.payerName?.trim() || null,
    decidedBy: actor._id,
    decidedAt: ctx.now(),
  });
  return { confirmed: true, payment: await paymentOfPaper(tx, paper) };
}

/** An organiser's "Confirm" on one paper: 409 when it was confirmed meanwhile. */
export async function confirmByOrganiser(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  input: Omit<ConfirmPaymentInput, 'source' | 'rate'>,
) {
  const outcome = await uniqueConfirmation(() =>
    ctx.db.transaction((tx) => confirmPayment(ctx, tx, actor, paperId, { ...input, source: 'organiser' })),
  );
  if (!outcome.confirmed) throw new AppError('conflict', FEE_MESSAGES.alreadyConfirmed);
  return { message: FEE_MESSAGES.confirmed, payment: outcome.payment };
}

/** The unique indexes' refusal (a race the row lock did not cover) said as the rule it keeps. */
async function uniqueConfirmation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', FEE_MESSAGES.confirmedElsewhere);
    throw error;
  }
}

/**
 * Rejects the entered payment ID with a reason: the ID is cleared (the author may enter another,
 * the spec's "read-only once saved" holds again once they do), the author is told in the site and
 * by e-mail (the "Payment rejected" template), and the paper's timeline has who, when and why.
 */
export async function rejectPayment(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  input: { paymentId: string; reason: string },
) {
  return transactionThenMail(ctx, async (tx) => {
    const current = await findPaperForUpdate(tx, paperId);
    if (!current) throw new AppError('not_found', PAPER_NOT_FOUND);
    if (normalizePaymentId(input.paymentId) !== current.paymentId)
      throw new AppError('conflict', FEE_MESSAGES.paymentIdChanged);
    if (await repo.findConfirmation(tx, paperId))
      throw new AppError('conflict', FEE_MESSAGES.confirmedCannotBeRejected);
    const { paper } = await applyPaperStep(tx, paperId, {
      actor,
      action: { type: 'payment_rejected' },
      reason: input.reason,
      details: { paymentId: current.paymentId },
      changes: () => ({ paymentId: '' }),
    });
    await repo.insertRejection(tx, {
      paperId,
      paymentId: current.paymentId,
      reason: input.reason,
      decidedBy: actor._id,
      decidedAt: ctx.now(),
    });
    await notifyUsers(ctx, tx, [paper.userId], {
      type: 'system_notification',
      priority: 'high',
      paperId,
      title: `Payment not confirmed: ${paper.ictacemId}`,
      message: `The organisers could not confirm the payment ID ${current.paymentId} you entered for "${paper.title}". You may enter another payment ID from your profile.\n\nReason: ${input.reason}`,
      mail: {
        template: 'payment_rejected',
        values: { paperId: paper.ictacemId, title: paper.title, paymentId: current.paymentId, reason: input.reason },
      },
    });
    return { message: FEE_MESSAGES.rejected, payment: await paymentOfPaper(tx, paper) };
  });
}

export async function adminPaperPayment(ctx: AppContext, paperId: string): Promise<PaperPayment> {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper) throw new AppError('not_found', PAPER_NOT_FOUND);
  return paymentOfPaper(ctx.db, paper);
}

export async function listPayments(
  ctx: AppContext,
  state: PaymentState | undefined,
): Promise<Omit<AdminPayments, 'success'>> {
  const rows = await repo.listPapersWithPayments(ctx.db, state);
  const decisions = groupBy(
    await repo.findDecisionsOfPapers(
      ctx.db,
      rows.map((r) => r.paper.id),
    ),
    (d) => d.paperId,
  );
  return {
    papers: rows.map((row) => ({
      paperId: row.paper.id,
      ictacemId: row.paper.ictacemId,
      title: row.paper.title,
      authorName: row.authorName,
      status: row.paper.status,
      payment: paymentOf(row.paper, decisions.get(row.paper.id) ?? [], row.categoryId),
      categoryName: row.categoryName,
      categoryCurrency: (row.categoryCurrency as Currency | null) ?? null,
    })),
    counts: await repo.countByState(ctx.db),
  };
}
