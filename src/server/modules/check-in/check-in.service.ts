import { currentConference } from '@shared/conference.ts';
import { dayIn } from '@shared/domain/fees.ts';
import { PARTICIPANT_MESSAGES, type ParticipantRole } from '@shared/schemas/participants.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import * as participants from '../participants/participants.repository.ts';
import { participantOfCode, presentDesk, syncPaperParticipants } from '../participants/participants.service.ts';

const SEARCH_LIMIT = 20;

/** A scanned badge: the person, or "Not a badge of this conference." and nothing recorded. */
export async function scan(ctx: AppContext, code: string) {
  return presentDesk(await participantOfCode(ctx, code));
}

export async function search(ctx: AppContext, text: string) {
  await syncPaperParticipants(ctx.db);
  const views = await participants.findViews(ctx.db, { text });
  return views.slice(0, SEARCH_LIMIT).map(presentDesk);
}

async function deskView(ctx: AppContext, participantId: string) {
  const [view] = await participants.findViews(ctx.db, { ids: [participantId] });
  if (!view) throw new AppError('not_found', PARTICIPANT_MESSAGES.notFound);
  return view;
}

/**
 * "Check in": one check-in per participant, whoever taps first. The same key sent again (a retry,
 * the page's offline queue) answers as the first time did; another volunteer's tap on someone
 * already checked in records nothing and says who did it, and when.
 */
export async function checkIn(ctx: AppContext, actor: PublicUser, participantId: string, key: string) {
  await deskView(ctx, participantId);
  const byKey = await participants.findCheckInByKey(ctx.db, key);
  if (byKey && byKey.participantId !== participantId)
    throw new AppError('conflict', 'This check-in key was used for someone else: tap "Check in" again.');
  const { row, inserted } = byKey
    ? { row: byKey, inserted: false }
    : await participants.insertCheckIn(ctx.db, {
        participantId,
        clientKey: key,
        checkedInBy: actor._id,
        checkedInAt: ctx.now(),
      });
  const mine = inserted || row?.clientKey === key;
  const view = await deskView(ctx, participantId);
  const desk = presentDesk(view);
  return mine
    ? { message: PARTICIPANT_MESSAGES.checkedIn, outcome: 'checked_in' as const, participant: desk }
    : {
        message: `Already checked in by ${desk.checkIn?.byName ?? 'someone'}.`,
        outcome: 'already_checked_in' as const,
        participant: desk,
      };
}

/** Participants and check-ins counted by conference day (in the conference's zone) and role. */
export async function counts(ctx: AppContext) {
  await syncPaperParticipants(ctx.db);
  const views = await participants.findViews(ctx.db);
  const byKey = new Map<string, { day: string; role: ParticipantRole; count: number }>();
  for (const view of views) {
    if (!view.checkedInAt) continue;
    const day = dayIn(view.checkedInAt.toISOString(), currentConference().timeZone);
    const key = `${day} ${view.role}`;
    const entry = byKey.get(key) ?? { day, role: view.role as ParticipantRole, count: 0 };
    entry.count += 1;
    byKey.set(key, entry);
  }
  return {
    total: views.length,
    checkedIn: views.filter((view) => view.checkedInAt).length,
    byDayAndRole: [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day) || a.role.localeCompare(b.role)),
  };
}
