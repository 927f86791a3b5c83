import type { z } from 'zod';
import { isRealPaymentId } from '@shared/domain/payment.ts';
import type { ListPagination } from '@shared/schemas/admin-dashboard.ts';
import { LETTER_TEXTS } from '@shared/domain/letters.ts';
import {
  type AdminVisaRequest,
  type AdminVisaRequestListQuery,
  type VisaRequest,
  type visaRequestBodySchema,
} from '@shared/schemas/letters.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { pagination } from '@server/lib/pagination.ts';
import { notifyAdmins, notifyUsers } from '../notifications/notifications.service.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { presentAdminVisaRequest, presentOwnVisaRequest } from './letters.presenter.ts';
import { findPaperForLetter, type PaperForLetter } from './letters.repository.ts';
import { accessiblePaperForLetter, isAcceptedStatus, issueVisaLetter } from './letters.service.ts';
import * as repo from './visa-requests.repository.ts';

type VisaRequestInput = z.output<typeof visaRequestBodySchema>;

const apiBase = (ctx: AppContext) => `${ctx.config.basePath}/api`;

/** Why this paper cannot have a visa letter now (accepted and paid are both needed), or null. */
function ineligibility(paper: PaperForLetter): string | null {
  if (!isAcceptedStatus(paper.status)) return LETTER_TEXTS.visaNotAccepted;
  if (!isRealPaymentId(paper.paymentId)) return LETTER_TEXTS.visaNotPaid;
  return null;
}

/** The author asks for a visa letter for their own accepted, paid paper; the organisers are told. */
export async function requestVisaLetter(
  ctx: AppContext,
  actor: PublicUser,
  paperId: string,
  input: VisaRequestInput,
): Promise<VisaRequest> {
  const paper = await accessiblePaperForLetter(ctx.db, actor, paperId);
  // Admins see every paper, but only its author can ask for a letter in their own name.
  if (paper.userId !== actor._id) throw new AppError('not_found', PAPER_NOT_FOUND);
  const refusal = ineligibility(paper);
  if (refusal) throw new AppError('forbidden', refusal);
  if (await repo.hasPendingVisaRequest(ctx.db, paper.id)) throw new AppError('conflict', LETTER_TEXTS.visaPending);
  const request = await transactionThenMail(ctx, async (tx) => {
    const inserted = await repo.insertVisaRequestUnlessPending(tx, { paperId: paper.id, userId: actor._id, ...input });
    if (!inserted) throw new AppError('conflict', LETTER_TEXTS.visaPending);
    await notifyAdmins(ctx, tx, {
      type: 'system_notification',
      title: 'Visa letter requested',
      message: `${actor.username} asked for a visa invitation letter for paper ${paper.ictacemId}. Review it on the Visa requests page.`,
      paperId: paper.id,
    });
    return inserted;
  });
  return presentOwnVisaRequest(request, apiBase(ctx));
}

export async function listOwnVisaRequests(ctx: AppContext, actor: PublicUser, paperId: string) {
  const paper = await accessiblePaperForLetter(ctx.db, actor, paperId);
  const rows = await repo.findVisaRequestsOfPaper(ctx.db, paper.id);
  return {
    paper: { _id: paper.id, ictacemId: paper.ictacemId, title: paper.title },
    requests: rows.map((row) => presentOwnVisaRequest(row, apiBase(ctx))),
  };
}

export async function listVisaRequests(
  ctx: AppContext,
  query: AdminVisaRequestListQuery,
): Promise<{ requests: AdminVisaRequest[]; pagination: ListPagination }> {
  const { rows, total } = await repo.listAdminVisaRequests(ctx.db, {
    status: query.status,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    requests: rows.map((row) => presentAdminVisaRequest(row, apiBase(ctx))),
    pagination: pagination(query.page, query.limit, total),
  };
}

/** The request, locked for its decision; 404 when there is none, 409 when it was decided already. */
async function pendingRequestForDecision(db: DbOrTx, requestId: string): Promise<repo.VisaRequestRow> {
  const request = await repo.findVisaRequestForUpdate(db, requestId);
  if (!request) throw new AppError('not_found', LETTER_TEXTS.requestNotFound);
  if (request.status !== 'pending') throw new AppError('conflict', LETTER_TEXTS.requestDecided);
  return request;
}

async function presentDecided(ctx: AppContext, requestId: string): Promise<AdminVisaRequest> {
  const row = await repo.findAdminVisaRequest(ctx.db, requestId);
  if (!row) throw new AppError('not_found', LETTER_TEXTS.requestNotFound);
  return presentAdminVisaRequest(row, apiBase(ctx));
}

/** Issues the visa letter of a pending request and tells the author it is ready. */
export async function approveVisaRequest(
  ctx: AppContext,
  admin: PublicUser,
  requestId: string,
): Promise<AdminVisaRequest> {
  await transactionThenMail(ctx, async (tx) => {
    const request = await pendingRequestForDecision(tx, requestId);
    const paper = await findPaperForLetter(tx, request.paperId);
    if (!paper || ineligibility(paper)) throw new AppError('conflict', LETTER_TEXTS.visaNoLongerEligible);
    const letter = await issueVisaLetter(tx, request, paper, admin._id);
    await repo.recordVisaDecision(tx, request.id, {
      status: 'approved',
      adminNote: '',
      reviewedBy: admin._id,
      reviewedAt: new Date(),
      letterId: letter.id,
    });
    await notifyUsers(ctx, tx, [request.userId], {
      type: 'system_notification',
      title: 'Visa invitation letter issued',
      message: `Your visa invitation letter for paper ${paper.ictacemId} is ready. Download it from your profile.`,
      paperId: paper.id,
      mail: { template: 'visa_letter_issued', values: { paperId: paper.ictacemId } },
    });
  });
  return presentDecided(ctx, requestId);
}

/** Declines a pending request with a note the author reads. */
export async function declineVisaRequest(
  ctx: AppContext,
  admin: PublicUser,
  requestId: string,
  note: string,
): Promise<AdminVisaRequest> {
  await transactionThenMail(ctx, async (tx) => {
    const request = await pendingRequestForDecision(tx, requestId);
    await repo.recordVisaDecision(tx, request.id, {
      status: 'declined',
      adminNote: note,
      reviewedBy: admin._id,
      reviewedAt: new Date(),
      letterId: null,
    });
    await notifyUsers(ctx, tx, [request.userId], {
      type: 'system_notification',
      title: 'Visa letter request declined',
      message: `Your request for a visa invitation letter was declined: ${note}`,
      paperId: request.paperId,
      mail: { template: 'visa_request_declined', values: { reason: note } },
    });
  });
  return presentDecided(ctx, requestId);
}
