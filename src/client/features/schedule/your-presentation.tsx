import { Link } from 'react-router';
import { SESSION_KIND_LABELS } from '@shared/domain/programme.ts';
import { currentConference } from '@shared/conference.ts';
import { formatDate } from '@client/lib/dates.ts';
import { conferenceClock } from '@client/lib/programme-days.ts';
import { eventCalendarUrl, useMyPresentation } from './schedule-api.ts';

/**
 * "Your presentation" on an accepted paper's card: day, time, room and session in the latest
 * published programme, with its calendar entry. Nothing until the paper is in a published version.
 */
export function YourPresentation({ paperId, accepted }: { paperId: string; accepted: boolean }) {
  const { data: presentation } = useMyPresentation(accepted);
  if (!presentation || presentation.paperId !== paperId) return null;
  return (
    <section
      aria-labelledby={`presentation-${paperId}`}
      className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800"
    >
      <h3 id={`presentation-${paperId}`} className="font-semibold text-brand-900">
        Your presentation
      </h3>
      <p className="mt-1">
        {formatDate(presentation.startsAt, currentConference().timeZone)}, {conferenceClock(presentation.startsAt)}–
        {conferenceClock(presentation.endsAt)} {currentConference().timeZoneName}
        {presentation.board && `, board ${presentation.board}`}
        {presentation.room && `, ${presentation.room}`}
      </p>
      <p>
        {SESSION_KIND_LABELS[presentation.kind]}: {presentation.sessionTitle}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4">
        <a
          href={eventCalendarUrl(paperId)}
          download
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          Add to calendar
        </a>
        <Link to={`/schedule#${paperId}`} className="font-semibold text-brand-700 underline underline-offset-2">
          See it in the Event Schedule
        </Link>
      </p>
    </section>
  );
}
