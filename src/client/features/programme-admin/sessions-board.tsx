import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, useState } from 'react';
import { currentConference } from '@shared/conference.ts';
import { PAPER_SESSION_KINDS, SESSION_KIND_LABELS } from '@shared/domain/programme.ts';
import type { ProgrammeDraft, ProgrammeSession } from '@shared/schemas/programme.ts';
import { Badge } from '@client/components/ui/badge.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { TabList, TabPanel } from '@client/components/ui/tabs.tsx';
import { errorText } from '@client/lib/api.ts';
import { conferenceClock, scheduleDays } from '@client/lib/programme-days.ts';
import { useToast } from '@client/lib/toast.tsx';
import { DRAG_INSTRUCTIONS, type DragData, dragAnnouncements, dropPlace } from './drag-announcements.ts';
import { type ProgrammeEdit, useEditProgramme } from './programme-api.ts';

type Talk = ProgrammeSession['talks'][number];
/** A talk whose length (or poster board) is being changed, where it is. */
export type EditedTalk = Pick<Talk, 'paperId' | 'title' | 'position' | 'minutes' | 'board'> & {
  sessionId: string;
  poster: boolean;
};
const TABS_ID = 'programme-day';

/**
 * The draft's sessions, a day at a time: papers are dragged within and between sessions, or moved
 * with the buttons beside each ("Move up", "Move down", "Move to session…").
 */
export function SessionsBoard({
  programme,
  onEditSession,
  onMovePaper,
  onEditTalk,
}: {
  programme: ProgrammeDraft;
  onEditSession: (session: ProgrammeSession) => void;
  onMovePaper: (paper: { paperId: string; title: string; sessionId: string }) => void;
  onEditTalk: (talk: EditedTalk) => void;
}) {
  const days = scheduleDays(programme);
  const [selected, setSelected] = useState(days[0]?.date);
  const day = days.find((candidate) => candidate.date === selected) ?? days[0];
  const edit = useEditProgramme();
  const toast = useToast();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const roomNames = new Map(programme.rooms.map((room) => [room._id, room.name]));
  const flagged = new Map<string, string[]>();
  for (const warning of programme.warnings)
    for (const paperId of warning.paperIds) flagged.set(paperId, [...(flagged.get(paperId) ?? []), warning.kind]);

  const run = (change: ProgrammeEdit, failureText: string) =>
    edit.mutate(change, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorText(error, failureText)),
    });
  const place = (paperId: string, sessionId: string, position: number) =>
    run(
      { method: 'PUT', path: `/papers/${encodeURIComponent(paperId)}`, body: { sessionId, position } },
      'The paper could not be moved. Please try again.',
    );

  const accessibility = useMemo(
    () => ({ announcements: dragAnnouncements(programme.sessions), screenReaderInstructions: DRAG_INSTRUCTIONS }),
    [programme.sessions],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = active.data.current as DragData | undefined;
    const to = dropPlace(programme.sessions, String(active.id), over?.data.current as DragData | undefined);
    if (!from || from.type !== 'talk' || !to) return;
    if (to.session._id === from.sessionId && to.index === from.index) return;
    place(String(active.id), to.session._id, to.index);
  };

  if (!day)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
        No session yet. Add rooms, then draft from the accepted papers or add sessions one by one.
      </p>
    );
  return (
    <div className="space-y-4">
      <TabList
        tabs={days.map((candidate) => ({ key: candidate.date, label: candidate.shortLabel }))}
        selected={day.date}
        onSelect={setSelected}
        label="Conference days"
        idPrefix={TABS_ID}
      />
      <TabPanel idPrefix={TABS_ID} tabKey={day.date} className="outline-none">
        <p className="sr-only" aria-live="polite">
          {edit.isPending ? 'Saving the programme…' : ''}
        </p>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={accessibility}
        >
          <div className="grid gap-4 xl:grid-cols-2">
            {day.sessions.map((session) => (
              <SessionCard
                key={session._id}
                session={session}
                room={session.roomId ? roomNames.get(session.roomId) : undefined}
                flagged={flagged}
                busy={edit.isPending}
                onEdit={() => onEditSession(session)}
                onDelete={() =>
                  run(
                    { method: 'POST', path: `/sessions/${encodeURIComponent(session._id)}/delete` },
                    'The session could not be deleted. Please try again.',
                  )
                }
                onShift={(talk, step) => place(talk.paperId, session._id, talk.position + step)}
                onMove={(talk) => onMovePaper({ paperId: talk.paperId, title: talk.title, sessionId: session._id })}
                onEditTalk={(talk) =>
                  onEditTalk({
                    paperId: talk.paperId,
                    title: talk.title,
                    position: talk.position,
                    minutes: talk.minutes,
                    board: talk.board,
                    sessionId: session._id,
                    poster: session.kind === 'poster',
                  })
                }
                onRemove={(talk) =>
                  run(
                    { method: 'POST', path: `/papers/${encodeURIComponent(talk.paperId)}/remove` },
                    'The paper could not be taken out. Please try again.',
                  )
                }
              />
            ))}
          </div>
        </DndContext>
      </TabPanel>
    </div>
  );
}

const FLAG_TEXTS: Record<string, string> = {
  not_accepted: 'No longer accepted',
  author_double_booked: 'Author in two places',
  chair_presenting: 'Chair presents elsewhere',
  overrun: 'Overruns',
};

function SessionCard({
  session,
  room,
  flagged,
  busy,
  onEdit,
  onDelete,
  onShift,
  onMove,
  onEditTalk,
  onRemove,
}: {
  session: ProgrammeSession;
  room: string | undefined;
  flagged: Map<string, string[]>;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShift: (talk: Talk, step: -1 | 1) => void;
  onMove: (talk: Talk) => void;
  onEditTalk: (talk: Talk) => void;
  onRemove: (talk: Talk) => void;
}) {
  const takesPapers = PAPER_SESSION_KINDS.includes(session.kind);
  const { setNodeRef, isOver } = useDroppable({
    id: `session:${session._id}`,
    data: { type: 'session', sessionId: session._id } satisfies DragData,
    disabled: !takesPapers,
  });
  const used = session.talks.reduce((sum, talk) => sum + talk.minutes, 0);
  const length = Math.round((Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 60_000);
  return (
    <section
      aria-label={`${session.title}, ${conferenceClock(session.startsAt)}–${conferenceClock(session.endsAt)}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="programme-session"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {SESSION_KIND_LABELS[session.kind]}
            {session.theme && <span className="text-slate-600 normal-case"> · {session.theme}</span>}
          </p>
          <h3 className="font-bold text-brand-900">{session.title}</h3>
          <p className="text-sm text-slate-700 tabular-nums">
            {conferenceClock(session.startsAt)}–{conferenceClock(session.endsAt)} {currentConference().timeZoneName} ·{' '}
            {room ?? 'No room'}
            {session.kind === 'oral' && ` · ${used} of ${length} minutes`}
          </p>
          {session.chairs.length > 0 && <p className="text-sm text-slate-600">Chairs: {session.chairs.join(', ')}</p>}
        </div>
        <div className="flex gap-1">
          <Button variant="ghost" className="px-2 py-1" onClick={onEdit}>
            Edit<span className="sr-only"> “{session.title}”</span>
          </Button>
          <Button variant="ghost" className="px-2 py-1 text-red-700" onClick={onDelete} disabled={busy}>
            Delete<span className="sr-only"> “{session.title}”</span>
          </Button>
        </div>
      </div>
      {takesPapers && (
        <SortableContext
          id={session._id}
          items={session.talks.map((talk) => talk.paperId)}
          strategy={verticalListSortingStrategy}
        >
          <ol
            ref={setNodeRef}
            className={`mt-3 min-h-12 space-y-2 rounded-lg p-1 ${isOver ? 'bg-brand-50 ring-2 ring-brand-200' : ''}`}
            aria-label={`Papers in “${session.title}”`}
          >
            {session.talks.length === 0 && (
              <li className="p-2 text-sm text-slate-600">No paper yet: drag one here or use “Move to session…”.</li>
            )}
            {session.talks.map((talk, index) => (
              <TalkRow
                key={talk.paperId}
                talk={talk}
                index={index}
                last={index === session.talks.length - 1}
                sessionId={session._id}
                poster={session.kind === 'poster'}
                flags={flagged.get(talk.paperId) ?? []}
                busy={busy}
                onShift={(step) => onShift(talk, step)}
                onMove={() => onMove(talk)}
                onEdit={() => onEditTalk(talk)}
                onRemove={() => onRemove(talk)}
              />
            ))}
          </ol>
        </SortableContext>
      )}
    </section>
  );
}

function TalkRow({
  talk,
  index,
  last,
  sessionId,
  poster,
  flags,
  busy,
  onShift,
  onMove,
  onEdit,
  onRemove,
}: {
  talk: Talk;
  index: number;
  last: boolean;
  sessionId: string;
  poster: boolean;
  flags: string[];
  busy: boolean;
  onShift: (step: -1 | 1) => void;
  onMove: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: talk.paperId,
    data: { type: 'talk', sessionId, index } satisfies DragData,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex gap-2 rounded-lg border p-2 ${isDragging ? 'relative z-10 border-brand-300 bg-brand-50 shadow-lg' : 'border-slate-200 bg-white'}`}
      data-testid="programme-talk"
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="shrink-0 cursor-grab touch-none rounded px-1 text-slate-500 hover:bg-slate-100"
        aria-label={`Drag “${talk.title}”`}
        {...attributes}
        {...listeners}
      >
        <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-slate-600 tabular-nums">
          {poster
            ? `Board ${talk.board || '—'}`
            : `${conferenceClock(talk.startsAt)}–${conferenceClock(talk.endsAt)} · ${talk.minutes} min`}
        </p>
        <p className="text-sm font-semibold break-words text-slate-900">{talk.title}</p>
        <p className="text-xs text-slate-600">{talk.authors.map((author) => author.name).join(', ')}</p>
        <div className="mt-1 flex flex-wrap gap-1">
          {talk.modeOverridden && <Badge tone="accent">{poster ? 'Asked for a talk' : 'Asked for a poster'}</Badge>}
          {flags.map((flag) => (
            <Badge key={flag} tone={flag === 'not_accepted' ? 'danger' : 'attention'}>
              {FLAG_TEXTS[flag] ?? flag}
            </Badge>
          ))}
        </div>
        <div className="mt-1 flex flex-wrap gap-x-3 text-xs">
          <button
            type="button"
            className="font-semibold text-brand-700 underline disabled:text-slate-400 disabled:no-underline"
            disabled={busy || index === 0}
            onClick={() => onShift(-1)}
          >
            Move up<span className="sr-only">: {talk.title}</span>
          </button>
          <button
            type="button"
            className="font-semibold text-brand-700 underline disabled:text-slate-400 disabled:no-underline"
            disabled={busy || last}
            onClick={() => onShift(1)}
          >
            Move down<span className="sr-only">: {talk.title}</span>
          </button>
          <button type="button" className="font-semibold text-brand-700 underline" onClick={onMove}>
            Move to session…<span className="sr-only"> {talk.title}</span>
          </button>
          <button type="button" className="font-semibold text-brand-700 underline" onClick={onEdit}>
            {poster ? 'Board…' : 'Length…'}
            <span className="sr-only"> {talk.title}</span>
          </button>
          <button
            type="button"
            className="font-semibold text-red-700 underline disabled:text-slate-400"
            disabled={busy}
            onClick={onRemove}
          >
            Remove<span className="sr-only">: {talk.title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
