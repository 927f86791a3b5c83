import { currentConference } from '@shared/conference.ts';
import { ADD_TO_CALENDAR, PRESENTATION_NOTICE_TITLES } from '@shared/domain/presentation-notices.ts';
import { SESSION_KIND_LABELS } from '@shared/domain/programme.ts';
import { formatConferenceClock, formatConferenceDate, formatConferenceTime } from '@shared/domain/deadlines.ts';
import { formatTimeOfDayIn } from '@shared/format/dates.ts';
import type { ProgrammeChange, PublishedProgramme } from '@shared/schemas/programme.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import type { AuthorMail } from '../mail-templates/mail-rendering.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import * as repo from './programme.repository.ts';
import { type ScheduleSite, scheduleIcs } from './schedule-formats.ts';

/** "Monday 15 December 2025, 10:15–10:30 IST, Main Hall, in the oral session “Fluids I”". */
function placeText(programme: PublishedProgramme, paperId: string): string | undefined {
  for (const session of programme.sessions) {
    const talk = session.talks.find((candidate) => candidate.paperId === paperId);
    if (!talk) continue;
    const room = programme.rooms.find((candidate) => candidate._id === session.roomId)?.name;
    const times = `${formatTimeOfDayIn(new Date(talk.startsAt), currentConference().timeZone)}–${formatConferenceClock(talk.endsAt)}`;
    return [
      `${formatConferenceDate(talk.startsAt)}, ${times}`,
      room,
      `in the ${SESSION_KIND_LABELS[session.kind].toLowerCase()} “${session.title}”${talk.board ? `, board ${talk.board}` : ''}`,
    ]
      .filter(Boolean)
      .join(', ');
  }
  return undefined;
}

/** The e-mail's template: a presentation moved without a former place (never seen) reads as a new one. */
function presentationMail(change: ProgrammeChange, when: string, previously: string, site: ScheduleSite): AuthorMail {
  const scheduleLink = `${site.siteUrl}/schedule`;
  if (change.kind === 'removed') return { template: 'presentation_removed', values: { title: change.title } };
  if (change.kind === 'moved' && previously)
    return { template: 'presentation_moved', values: { title: change.title, when, previously, scheduleLink } };
  return { template: 'presentation_scheduled', values: { title: change.title, when, scheduleLink } };
}

/**
 * One notification and e-mail per paper whose presentation a publication added, moved or took
 * out, to the author who submitted it, inside the publication's transaction (the mail exists
 * exactly when the version does). A new or moved presentation comes with its calendar entry.
 */
export async function queuePresentationMails(
  ctx: AppContext,
  tx: DbOrTx,
  programme: PublishedProgramme,
  changes: readonly ProgrammeChange[],
  site: ScheduleSite,
): Promise<void> {
  if (changes.length === 0) return;
  const owners = new Map(
    (
      await repo.findPaperOwners(
        tx,
        changes.map((change) => change.paperId),
      )
    ).map((row) => [row.paperId, row.userId]),
  );
  for (const change of changes) {
    const owner = owners.get(change.paperId);
    if (!owner) continue;
    const now = change.after && placeText(programme, change.paperId);
    const previously = change.before
      ? `${formatConferenceTime(change.before.startsAt)}${change.before.room ? `, ${change.before.room}` : ''}`
      : '';
    const when = `“${change.title}” is scheduled for ${now}.${change.kind === 'moved' && change.before ? ` It was at ${previously}.` : ''}`;
    const programmeAt = `the whole programme is at ${site.siteUrl}/schedule.`;
    const message =
      change.kind === 'removed'
        ? `“${change.title}” is no longer in the programme of ${currentConference().shortName}. The organisers will tell you more if they have not already.`
        : `${when} The calendar entry is attached; ${programmeAt}`;
    await notifyUsers(ctx, tx, [owner], {
      type: 'system_notification',
      paperId: change.paperId,
      title: PRESENTATION_NOTICE_TITLES[change.kind],
      message,
      // The site's notice has a link to the calendar entry where the e-mail has it attached.
      siteMessage:
        change.kind === 'removed'
          ? undefined
          : `${when} “${ADD_TO_CALENDAR}” below gives its calendar entry; ${programmeAt}`,
      priority: 'high',
      mailKind: 'presentation',
      mail: presentationMail(change, now ?? '', previously, site),
      attachments:
        change.kind === 'removed'
          ? undefined
          : [
              {
                filename: `${currentConference().acronym.toLowerCase()}-presentation.ics`,
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: scheduleIcs(programme, site, change.paperId),
              },
            ],
    });
  }
}
