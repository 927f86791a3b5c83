import { REMINDER_DAYS_BEFORE, REVIEW_REMINDER_TEXTS } from '@shared/domain/review-reminders.ts';
import type { AutomaticReminders } from '@shared/schemas/review-reminders.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { queueReviewReminders } from '../reviews/reviews.service.ts';
import {
  findReminderSetting,
  findRoundsOfDeadline,
  recordRound,
  saveReminderSetting,
} from './review-reminders.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

const currentDeadline = async (ctx: AppContext) => new Date((await currentDates(ctx)).reviewDeadline);

/** The setting, and the rounds of the current review deadline: when each is due and whether it went. */
export async function getAutomaticReminders(ctx: AppContext): Promise<AutomaticReminders> {
  const deadline = await currentDeadline(ctx);
  const sent = new Map((await findRoundsOfDeadline(ctx.db, deadline)).map((round) => [round.daysBefore, round]));
  return {
    automatic: (await findReminderSetting(ctx.db))?.automatic ?? false,
    byEmail: ctx.outbox.canSend,
    rounds: REMINDER_DAYS_BEFORE.map((daysBefore) => ({
      daysBefore,
      dueAt: new Date(deadline.getTime() - daysBefore * DAY_MS).toISOString(),
      sentAt: sent.get(daysBefore)?.sentAt.toISOString() ?? null,
      members: sent.get(daysBefore)?.members ?? null,
    })),
  };
}

export async function setAutomaticReminders(ctx: AppContext, actor: PublicUser, automatic: boolean) {
  await saveReminderSetting(ctx.db, automatic, actor._id);
  return {
    message: automatic ? REVIEW_REMINDER_TEXTS.turnedOn : REVIEW_REMINDER_TEXTS.turnedOff,
    reminders: await getAutomaticReminders(ctx),
  };
}

/**
 * Sends the reminder round due at `now`, if automatic reminders are on and it was not sent yet:
 * one reminder to each member with reviews to submit (in the site, and by e-mail with a mail server). Of the rounds due, only the latest is sent
 * (an earlier one passed while the reminders were off or the site down), so a member never gets
 * two at once. Every process may call this at any time: the setting's row is locked and each
 * round recorded once. Returns the round sent, if one was.
 */
export async function sendDueReminders(
  ctx: AppContext,
  now = new Date(),
): Promise<{ daysBefore: number; members: number } | undefined> {
  const deadline = await currentDeadline(ctx);
  const due = REMINDER_DAYS_BEFORE.filter(
    (daysBefore) => now.getTime() >= deadline.getTime() - daysBefore * DAY_MS && now < deadline,
  );
  if (due.length === 0) return undefined;
  const latest = Math.min(...due);
  return transactionThenMail(ctx, async (tx) => {
    if (!(await findReminderSetting(tx, true))?.automatic) return undefined;
    const sent = (await findRoundsOfDeadline(tx, deadline)).map((round) => round.daysBefore);
    if (sent.includes(latest)) return undefined;
    const members = await queueReviewReminders(ctx, tx, deadline.toISOString());
    await recordRound(tx, deadline, latest, members);
    return { daysBefore: latest, members };
  });
}
