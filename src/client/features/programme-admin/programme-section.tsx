import { lazy, useState } from 'react';
import type { ProgrammeDraft, ProgrammeSession } from '@shared/schemas/programme.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { apiBase, errorText } from '@client/lib/api.ts';
import { fromConferenceInputValue } from '@shared/domain/conference-datetime.ts';
import { conferenceDay } from '@shared/domain/deadlines.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { useConferenceDates } from '@client/lib/use-conference-dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useEditProgramme, useProgrammeDraft } from './programme-api.ts';
import { type EditedTalk, SessionsBoard } from './sessions-board.tsx';

// The dialogs come when first opened: the section's first paint is the board.
const RoomDialog = lazy(async () => ({ default: (await import('./room-dialog.tsx')).RoomDialog }));
const SessionDialog = lazy(async () => ({ default: (await import('./session-dialog.tsx')).SessionDialog }));
const MoveDialog = lazy(async () => ({ default: (await import('./move-dialog.tsx')).MoveDialog }));
const DraftDialog = lazy(async () => ({ default: (await import('./draft-dialog.tsx')).DraftDialog }));
const PublishDialog = lazy(async () => ({ default: (await import('./publish-dialog.tsx')).PublishDialog }));
const TalkDialog = lazy(async () => ({ default: (await import('./talk-dialog.tsx')).TalkDialog }));

type Open =
  | { dialog: 'room'; room?: ProgrammeDraft['rooms'][number] }
  | { dialog: 'session'; session?: ProgrammeSession }
  | { dialog: 'move'; paper: { paperId: string; title: string; sessionId?: string } }
  | { dialog: 'talk'; talk: EditedTalk }
  | { dialog: 'draft' }
  | { dialog: 'publish' };

/** The admin's "Programme" section: rooms, sessions with their papers, warnings, drafts and publications. */
export function ProgrammeSection() {
  const draft = useProgrammeDraft();
  const dates = useConferenceDates();
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  if (draft.isPending) return <Spinner label="Loading the programme…" />;
  if (draft.isError)
    return (
      <Alert centred>{errorText(draft.error, 'The programme could not be loaded. Please reload the page.')}</Alert>
    );
  const programme = draft.data;
  const firstMorning = dates.data ? firstSessionStart(dates.data.conferenceStarts) : new Date().toISOString();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-slate-600">
          {programme.published === null
            ? 'Not published yet: the Event Schedule says the programme will be published there.'
            : `Version ${programme.published} is published on the Event Schedule.`}{' '}
          {programme.updatedAt &&
            `The draft was last changed by ${programme.updatedBy ?? 'an organiser'} on ${formatDateTime(programme.updatedAt)}.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen({ dialog: 'draft' })}>
            Draft from accepted papers
          </Button>
          <Button variant="secondary" onClick={() => setOpen({ dialog: 'session' })}>
            Add session
          </Button>
          <Button onClick={() => setOpen({ dialog: 'publish' })}>Publish</Button>
        </div>
      </div>

      <Warnings warnings={programme.warnings} />
      <Rooms programme={programme} onEdit={(room) => setOpen({ dialog: 'room', room })} />
      <Unscheduled
        papers={programme.unscheduled}
        onPlace={(paper) => setOpen({ dialog: 'move', paper: { paperId: paper.paperId, title: paper.title } })}
      />
      <section aria-labelledby="programme-sessions" className="space-y-3">
        <h3 id="programme-sessions" className="text-lg font-bold text-brand-900">
          Sessions
        </h3>
        <SessionsBoard
          programme={programme}
          onEditSession={(session) => setOpen({ dialog: 'session', session })}
          onMovePaper={(paper) => setOpen({ dialog: 'move', paper })}
          onEditTalk={(talk) => setOpen({ dialog: 'talk', talk })}
        />
      </section>
      <p className="text-sm text-slate-600">
        The published version, printable and for calendars and apps:{' '}
        {['programme.pdf', 'schedule.ics', 'schedule.json', 'schedule.xml'].map((file, index) => (
          <span key={file}>
            {index > 0 && ' · '}
            <a className="font-semibold text-brand-700 underline" href={`${apiBase()}/programme/${file}`}>
              {file}
            </a>
          </span>
        ))}
      </p>

      <LoadBoundary fallback={null}>
        {open?.dialog === 'room' && <RoomDialog room={open.room} onClose={close} />}
        {open?.dialog === 'session' && (
          <SessionDialog session={open.session} rooms={programme.rooms} defaultStart={firstMorning} onClose={close} />
        )}
        {open?.dialog === 'move' && <MoveDialog paper={open.paper} programme={programme} onClose={close} />}
        {open?.dialog === 'talk' && <TalkDialog talk={open.talk} onClose={close} />}
        {open?.dialog === 'draft' && <DraftDialog onClose={close} />}
        {open?.dialog === 'publish' && <PublishDialog programme={programme} onClose={close} />}
      </LoadBoundary>
    </div>
  );
}

/** 09:30 in the conference's zone on its first day: where a new session's form starts. */
function firstSessionStart(conferenceStarts: string): string {
  return fromConferenceInputValue(`${conferenceDay(conferenceStarts)}T09:30`) ?? conferenceStarts;
}

function Warnings({ warnings }: { warnings: ProgrammeDraft['warnings'] }) {
  if (warnings.length === 0)
    return (
      <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
        No warnings: no author is in two places at once, no session overruns, every accepted paper is placed.
      </p>
    );
  return (
    <section
      aria-labelledby="programme-warnings"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h3 id="programme-warnings" className="font-bold">
        {warnings.length} warning{warnings.length === 1 ? '' : 's'}
      </h3>
      <ul className="mt-1 max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
        {warnings.map((warning, index) => (
          <li key={index}>{warning.message}</li>
        ))}
      </ul>
    </section>
  );
}

function Rooms({
  programme,
  onEdit,
}: {
  programme: ProgrammeDraft;
  onEdit: (room?: ProgrammeDraft['rooms'][number]) => void;
}) {
  const edit = useEditProgramme();
  const toast = useToast();
  return (
    <section aria-labelledby="programme-rooms" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="programme-rooms" className="text-lg font-bold text-brand-900">
          Rooms
        </h3>
        <Button variant="secondary" onClick={() => onEdit()}>
          Add room
        </Button>
      </div>
      {programme.rooms.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
          No room yet. Add the rooms first: the draft fills their free time slots.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {programme.rooms.map((room) => (
            <li
              key={room._id}
              className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm"
            >
              <span>
                <span className="font-semibold">{room.name}</span>{' '}
                <span className="text-slate-600">({room.capacity} seats)</span>
              </span>
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onEdit(room)}>
                Edit<span className="sr-only"> {room.name}</span>
              </button>
              <button
                type="button"
                className="font-semibold text-red-700 underline"
                disabled={edit.isPending}
                onClick={() =>
                  edit.mutate(
                    { method: 'POST', path: `/rooms/${encodeURIComponent(room._id)}/delete` },
                    {
                      onSuccess: (answer) => toast.success(answer.message),
                      onError: (error) => toast.error(errorText(error, 'The room could not be deleted.')),
                    },
                  )
                }
              >
                Delete<span className="sr-only"> {room.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Unscheduled({
  papers,
  onPlace,
}: {
  papers: ProgrammeDraft['unscheduled'];
  onPlace: (paper: ProgrammeDraft['unscheduled'][number]) => void;
}) {
  if (papers.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-bold text-brand-900">
        {papers.length} accepted paper{papers.length === 1 ? '' : 's'} not in the programme
      </summary>
      <ul className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto">
        {papers.map((paper) => (
          <li key={paper.paperId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-semibold">{paper.title}</span>
              <span className="block text-slate-600">
                {paper.theme} · {paper.mode}
              </span>
            </span>
            <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onPlace(paper)}>
              Place in session…<span className="sr-only"> {paper.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
