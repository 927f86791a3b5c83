import { DEADLINE_MESSAGES, DEADLINE_STEP_NAMES, formatConferenceTime } from '@shared/domain/deadlines.ts';
import type { PaperState } from '@shared/domain/paper-workflow.ts';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import type { DeadlineExtensionBody } from '@shared/schemas/deadlines.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { grantExtension, stepTiming } from '../deadlines/deadlines.service.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { presentOneForAdmin } from './admin-papers.service.ts';
import { applyPaperStep, paperState } from './paper-workflow.ts';

/** Whether the step is still to be done by the author, so that a later deadline means something. */
function stepPending(state: PaperState, step: DeadlineExtensionBody['step']): boolean {
  if (step === 'abstract') return state.abstract === 'reset';
  if (step === 'payment') return !state.paid;
  if (step === 'response') return state.status === 'author_response_awaited';
  return state.fullPaper !== 'current';
}

/**
 * Gives one paper its own deadline for a step, with a reason: recorded on the paper's timeline
 * and told to its author. It must end after the paper's current deadline for the step (the
 * conference's or an earlier extension), so an extension never takes time away; a re-upload
 * that a reset left without a date gets one.
 */
export async function extendDeadline(
  ctx: AppContext,
  admin: PublicUser,
  paperId: string,
  body: DeadlineExtensionBody,
): Promise<{ paper: AdminPaper; message: string }> {
  if (Date.parse(body.closesAt) <= ctx.now().getTime())
    throw new AppError('bad_request', DEADLINE_MESSAGES.extensionInPast);
  return transactionThenMail(ctx, async (tx) => {
    const { paper } = await applyPaperStep(tx, paperId, {
      actor: admin,
      action: { type: 'deadline_extended' },
      reason: body.reason,
      details: { step: body.step, closesAt: body.closesAt },
      changes: async (current) => {
        const state = await paperState(tx, current);
        if (!stepPending(state, body.step)) throw new AppError('bad_request', DEADLINE_MESSAGES.extensionNotNeeded);
        const deadline = (await stepTiming(ctx, tx, { id: paperId, state })).deadlines[body.step];
        if (deadline && Date.parse(body.closesAt) <= Date.parse(deadline.closesAt))
          throw new AppError('bad_request', DEADLINE_MESSAGES.extensionNotLater(deadline.closesAt));
        await grantExtension(ctx, tx, { paperId, ...body, grantedBy: admin._id });
        return null;
      },
    });
    await notifyUsers(ctx, tx, [paper.userId], {
      type: 'system_notification',
      priority: 'high',
      paperId,
      title: `Deadline extended: ${paper.ictacemId}`,
      message: `The ${DEADLINE_STEP_NAMES[body.step]} deadline of "${paper.title}" is extended for you until ${formatConferenceTime(body.closesAt)}.\n\nReason: ${body.reason}`,
      mail: {
        template: 'deadline_extended',
        values: {
          paperId: paper.ictacemId,
          title: paper.title,
          step: DEADLINE_STEP_NAMES[body.step],
          until: formatConferenceTime(body.closesAt),
          reason: body.reason,
        },
      },
    });
    return { paper: await presentOneForAdmin(ctx, tx, paper), message: DEADLINE_MESSAGES.extended };
  });
}
