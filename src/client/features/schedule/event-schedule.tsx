import {
  type MouseEvent,
  type ReactNode,
  startTransition,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useSearchParams } from 'react-router';
import { useProgrammePublishedSinceLoad } from '@client/live/live-updates-api.ts';
import { currentConference } from '@shared/conference.ts';
import { conferenceDay } from '@shared/domain/deadlines.ts';
import { SESSION_KIND_LABELS } from '@shared/domain/programme.ts';
import { formatTimeOfDayIn, wallClockIn } from '@shared/format/dates.ts';
import { formatCount } from '@shared/format/numbers.ts';
import type { ProgrammeSession, PublishedProgramme } from '@shared/schemas/programme.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { SelectField, TextField } from '@client/components/ui/form-field.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { conferenceOffsetAt, formatOffset } from '@shared/domain/conference-datetime.ts';
import { browserTimeZone, formatDate } from '@client/lib/dates.ts';
import { useMediaQueryOnceKnown } from '@client/lib/use-media-query.ts';
import { eventCalendarUrl, scheduleFeeds, usePublishedProgramme } from './schedule-api.ts';
import { type ScheduleDay, scheduleDays } from '@client/lib/programme-days.ts';
import { dayOf, filterSessions, gridRows, talkCount } from './schedule-view.ts';

/** The day shown (`?day=2100-01-05`) and the whole of it at once (`&all=1`): links that work without JavaScript. */
const DAY_PARAM = 'day';
const ALL_PARAM = 'all';
const dayAddress = (date: string, all = false) => `?${DAY_PARAM}=${date}${all ? `&${ALL_PARAM}=1` : ''}`;
/** The visitor's choice of clock, kept for their next visit. */
const ZONE_CHOICE_KEY = 'schedule-time-zone';
type ZoneChoice = 'conference' | 'visitor';

const pad = (n: number) => String(n).padStart(2, '0');

/** "10:15", and the day after it when the visitor's clock is on another day than the conference's. */
function clockText(instant: string, timeZone: string): string {
  const clock = wallClockIn(new Date(instant), timeZone);
  const time = formatTimeOfDayIn(new Date(instant), timeZone);
  const date = `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
  return date === conferenceDay(instant) ? time : `${time} (${clock.day} ${clock.monthName.slice(0, 3)})`;
}

const timeRange = (startsAt: string, endsAt: string, timeZone: string) =>
  `${clockText(startsAt, timeZone)}–${clockText(endsAt, timeZone)}`;

/**
 * The visitor's offset from UTC at an instant, in minutes east, from the browser's own clock:
 * naming the zone ("CET") would load the browser's zone names, a long task on a phone.
 */
const visitorOffsetAt = (instant: string) => -new Date(instant).getTimezoneOffset();

/**
 * What only the browser knows (its clock's offset, the address's #fragment, the stored choice of
 * clock), read after hydration: the server's HTML, and the page as it hydrates, show the
 * conference's time and the first day, the same on both sides; the browser's own view follows.
 */
const readOnce = () => () => undefined;
function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(readOnce, read, () => onServer);
}

function useZoneChoice(): [ZoneChoice, (choice: ZoneChoice) => void] {
  const stored = useBrowserValue(() => localStorage.getItem(ZONE_CHOICE_KEY), null);
  const [chosen, setChosen] = useState<ZoneChoice>();
  return [
    chosen ?? (stored === 'visitor' ? 'visitor' : 'conference'),
    (next) => {
      localStorage.setItem(ZONE_CHOICE_KEY, next);
      setChosen(next);
    },
  ];
}

/** A click the page handles itself: not one asking for a new tab or window, or a download. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The address of the day now shown, so that a reload or a shared link opens it. Replaced in the
 * browser's history, not pushed (Back leaves the page), and not through the router, whose
 * navigation would scroll to the top (ScrollOnNavigate) and redraw the whole page.
 */
function showAddress(search: string) {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`);
}

/**
 * The public Event Schedule: the latest published programme by day, as a grid by room on a wide
 * screen and a list by time on a phone, with a theme filter, a search and the visitor's clock.
 * `empty` stands in before the first publication.
 */
export function EventSchedule({ empty }: { empty: ReactNode }) {
  // A screen high in every state: the footer stays below the fold from the first paint, so
  // neither the empty note nor a day of talks moves it (a layout shift).
  return (
    <div className="min-h-screen">
      <ScheduleContent empty={empty} />
    </div>
  );
}

function ScheduleContent({ empty }: { empty: ReactNode }) {
  const published = usePublishedProgramme();
  // The answer is drawn in a transition, which React splits into short tasks: a query's update
  // would otherwise draw the whole schedule in one long task, the phone unable to respond meanwhile.
  // What the page came with (the server's rendering) is drawn at once, as the server drew it.
  const [shown, setShown] = useState<PublishedProgramme | null | undefined>(published.data);
  useEffect(() => {
    if (published.data !== undefined) startTransition(() => setShown(published.data));
  }, [published.data]);
  if (published.isError)
    return (
      <Alert centred>{errorText(published.error, 'The programme could not be loaded. Please reload the page.')}</Alert>
    );
  if (shown === undefined) return <Spinner label="Loading the programme…" />;
  return (
    <>
      <NewVersionNotice shownEdition={shown?.edition ?? 0} />
      {shown === null ? empty : <PublishedSchedule programme={shown} />}
    </>
  );
}

/** Said when the organisers publish while the page is open (live updates); the visitor reloads when ready. */
function NewVersionNotice({ shownEdition }: { shownEdition: number }) {
  const published = useProgrammePublishedSinceLoad();
  if (published === null || published <= shownEdition) return null;
  return (
    <p role="status" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
      A new version of the programme was published.{' '}
      <a href={window.location.href} className="font-medium underline">
        Reload
      </a>
    </p>
  );
}

function PublishedSchedule({ programme }: { programme: PublishedProgramme }) {
  const days = useMemo(() => scheduleDays(programme), [programme]);
  const hash = useBrowserValue(() => window.location.hash, '');
  // The address's query is known to the server too (the `?day=` of a day's link), so both draw
  // that day; a link to one talk (a calendar entry's #id) opens on its day once hydrated. An
  // unknown day is the first.
  const [searchParams] = useSearchParams();
  const [chosen, setChosen] = useState<{ day: string; all: boolean }>();
  const selectedDay =
    chosen?.day ??
    dayOf(days, hash.slice(1)) ??
    days.find((candidate) => candidate.date === searchParams.get(DAY_PARAM))?.date ??
    days[0]?.date;
  const wholeDayAsked = chosen ? chosen.all : searchParams.get(ALL_PARAM) === '1';
  const choose = (date: string, all: boolean) => {
    setChosen({ day: date, all });
    showAddress(dayAddress(date, all));
  };
  const [theme, setTheme] = useState('');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [zoneChoice, setZoneChoice] = useZoneChoice();
  const firstStart = programme.sessions[0]?.startsAt ?? programme.publishedAt;
  const visitorOffset = useBrowserValue(() => visitorOffsetAt(firstStart), conferenceOffsetAt(firstStart));
  const visitorIsElsewhere = visitorOffset !== conferenceOffsetAt(firstStart);
  const showVisitorTime = zoneChoice === 'visitor' && visitorIsElsewhere;
  const timeZone = showVisitorTime ? browserTimeZone() : currentConference().timeZone;
  const zoneName = showVisitorTime ? `UTC${formatOffset(visitorOffset)}` : currentConference().timeZoneName;
  const wide = useMediaQueryOnceKnown('(min-width: 1024px)');
  const dayHeadingId = useId();

  useEffect(() => {
    const target = hash && document.getElementById(hash.slice(1));
    if (target) target.scrollIntoView();
    // Once the address is read, on arrival: later changes of day or filter leave the scroll to the visitor.
  }, [hash]);

  const themes = useMemo(
    () => [...new Set(programme.sessions.flatMap((session) => (session.theme ? [session.theme] : [])))].sort(),
    [programme],
  );
  const filter = useMemo(() => ({ theme, query: deferredQuery }), [theme, deferredQuery]);
  const shownByDay = useMemo(
    () => new Map(days.map((day) => [day.date, filterSessions(day.sessions, filter)])),
    [days, filter],
  );
  const day = days.find((candidate) => candidate.date === selectedDay) ?? days[0];
  const filtering = filter.theme !== '' || filter.query.trim() !== '';

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        Version {programme.edition}, published {formatDate(programme.publishedAt, currentConference().timeZone)}.
      </p>
      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-3">
        <TextField
          label="Search by title or author"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <SelectField
          label="Theme"
          value={theme}
          onChange={(event) => setTheme(event.target.value)}
          options={[{ value: '', label: 'All themes' }, ...themes.map((value) => ({ value, label: value }))]}
        />
        {visitorIsElsewhere ? (
          <ZoneSwitch choice={zoneChoice} onChange={setZoneChoice} visitorOffset={visitorOffset} />
        ) : (
          <p className="self-end text-sm text-slate-600">
            Times are in {currentConference().timeZoneName}, the conference’s time.
          </p>
        )}
      </div>
      {day === undefined ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">No session is published yet.</p>
      ) : (
        <>
          <DayLinks
            days={days.map((candidate) => ({
              date: candidate.date,
              // With a filter, each day says how much it holds of what was asked for.
              label: filtering
                ? `${candidate.shortLabel} (${formatCount(talkCount(shownByDay.get(candidate.date) ?? []))})`
                : candidate.shortLabel,
            }))}
            selected={day.date}
            onSelect={(date) => choose(date, false)}
          />
          <section aria-labelledby={dayHeadingId} className="space-y-4">
            <h2 id={dayHeadingId} className="text-xl font-bold text-brand-900">
              {day.label}
              <span className="ml-2 text-sm font-normal text-slate-600">times in {zoneName}</span>
            </h2>
            <p className="sr-only" aria-live="polite">
              {filtering ? `${talksText(talkCount(shownByDay.get(day.date) ?? []))} found on ${day.label}.` : ''}
            </p>
            <DaySchedule
              key={`${day.date} ${filter.theme} ${filter.query} ${hash}`}
              revealAll={hash.length > 1 || wholeDayAsked}
              onRevealAll={() => choose(day.date, true)}
              day={day}
              sessions={shownByDay.get(day.date) ?? []}
              rooms={programme.rooms}
              timeZone={timeZone}
              wide={wide}
            />
          </section>
        </>
      )}
      <nav aria-label="The programme for calendars and apps" className="text-sm text-slate-700">
        <span className="font-semibold">Subscribe or download: </span>
        {scheduleFeeds().map((feed, index) => (
          <span key={feed.href}>
            {index > 0 && ' · '}
            <a href={feed.href} className="font-semibold text-brand-700 underline underline-offset-2">
              {feed.label}
            </a>
          </span>
        ))}
      </nav>
    </div>
  );
}

/**
 * The conference days as links to each (`?day=`), the server drawing the day an address names:
 * without JavaScript every day is a page; with it, a click shows the day at once.
 */
function DayLinks({
  days,
  selected,
  onSelect,
}: {
  days: { date: string; label: string }[];
  selected: string;
  onSelect: (date: string) => void;
}) {
  return (
    <nav
      aria-label="Conference days"
      className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:flex-wrap"
    >
      {days.map((day) => {
        const current = day.date === selected;
        return (
          <a
            key={day.date}
            href={dayAddress(day.date)}
            aria-current={current ? 'page' : undefined}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onSelect(day.date);
            }}
            className={`rounded-lg px-3 py-2 text-center text-sm font-semibold transition-colors sm:flex-1 ${
              current ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:bg-white/60 hover:text-slate-900'
            }`}
          >
            {day.label}
          </a>
        );
      })}
    </nav>
  );
}

const talksText = (count: number) =>
  `${formatCount(count)} talk${count === 1 ? '' : 's'} and poster${count === 1 ? '' : 's'}`;

function ZoneSwitch({
  choice,
  onChange,
  visitorOffset,
}: {
  choice: ZoneChoice;
  onChange: (choice: ZoneChoice) => void;
  /** Minutes east of UTC. */
  visitorOffset: number;
}) {
  const name = useId();
  const options: { value: ZoneChoice; label: string }[] = [
    { value: 'conference', label: `${currentConference().timeZoneName} (conference)` },
    { value: 'visitor', label: `Your time (UTC${formatOffset(visitorOffset)})` },
  ];
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Show times in</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={`cursor-pointer rounded-md px-2 py-1.5 text-center text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${
              choice === option.value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Sessions drawn at first, and added each time the visitor scrolls near the end of those drawn. */
const FIRST_SESSIONS = 4;
const MORE_SESSIONS = 8;

/**
 * How many of a day's sessions to draw: a first screenful, then more as the visitor scrolls
 * towards the end (`sentinel` comes into view), so that opening a day of 200 talks on a phone
 * lays out a screenful, not the whole day. The search finds what is not drawn yet; the link
 * to the whole day (`&all=1`) shows it to a reader without JavaScript.
 */
function useRevealedCount(total: number, revealAll: boolean) {
  const [count, setCount] = useState(FIRST_SESSIONS);
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!sentinel || revealAll || count >= total) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting))
          startTransition(() => setCount((shown) => shown + MORE_SESSIONS));
      },
      // Well before the end comes into view, so that scrolling never meets a blank.
      { rootMargin: '0px 0px 1500px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, revealAll, count, total]);
  return { count: revealAll ? total : Math.min(count, total), sentinelRef: setSentinel };
}

interface DayProps {
  /** Draw the whole day at once: a link to one talk must find it, or the visitor asked for it. */
  revealAll: boolean;
  /** The link to the whole day, clicked with JavaScript on. */
  onRevealAll: () => void;
  day: ScheduleDay;
  sessions: ProgrammeSession[];
  rooms: PublishedProgramme['rooms'];
  timeZone: string;
  /** Undefined while the page hydrates: the list and the grid both, each at its breakpoint. */
  wide: boolean | undefined;
}

function DaySchedule({ day, sessions: allSessions, rooms, timeZone, wide, revealAll, onRevealAll }: DayProps) {
  const roomNames = useMemo(() => new Map(rooms.map((room) => [room._id, room.name])), [rooms]);
  const { count, sentinelRef } = useRevealedCount(allSessions.length, revealAll);
  const sessions = allSessions.slice(0, count);
  const more = count < allSessions.length && (
    <>
      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      <p>
        <a
          href={dayAddress(day.date, true)}
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            onRevealAll();
          }}
          className="inline-block py-2 text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          Show all {formatCount(allSessions.length)} sessions of {day.label}
        </a>
      </p>
    </>
  );
  if (sessions.length === 0)
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
        No talk or session on this day matches your search.
      </p>
    );
  const list = (
    <div className="space-y-4">
      {sessions.map((session) => (
        <SessionCard key={session._id} session={session} roomNames={roomNames} timeZone={timeZone} showRoom />
      ))}
      {more}
    </div>
  );
  const columns = rooms.filter((room) => allSessions.some((session) => session.roomId === room._id));
  const grid = (
    <>
      <RoomGrid sessions={sessions} columns={columns} roomNames={roomNames} timeZone={timeZone} />
      {more}
    </>
  );
  if (wide === undefined)
    return (
      <>
        <div className="lg:hidden">{list}</div>
        <div className="hidden lg:block">{grid}</div>
      </>
    );
  return wide ? grid : list;
}

/** The grid by room: a column per room in use that day, a row per start time; a roomless session spans them all. */
function RoomGrid({
  sessions,
  columns,
  roomNames,
  timeZone,
}: {
  sessions: ProgrammeSession[];
  columns: PublishedProgramme['rooms'];
  roomNames: Map<string, string>;
  timeZone: string;
}) {
  const rows = gridRows(sessions);
  return (
    <div className="overflow-x-auto">
      <div
        className="grid gap-3"
        style={{ gridTemplateColumns: `4.5rem repeat(${Math.max(columns.length, 1)}, minmax(16rem, 1fr))` }}
      >
        <div />
        {columns.map((room) => (
          <p
            key={room._id}
            className="rounded-lg bg-brand-800 px-3 py-2 text-center text-sm font-semibold text-white"
            aria-hidden="true"
          >
            {room.name}
          </p>
        ))}
        {columns.length === 0 && <div />}
        {rows.map((row) => (
          <GridRowCells key={row.startsAt} row={row} columns={columns} roomNames={roomNames} timeZone={timeZone} />
        ))}
      </div>
    </div>
  );
}

function GridRowCells({
  row,
  columns,
  roomNames,
  timeZone,
}: {
  row: ReturnType<typeof gridRows>[number];
  columns: PublishedProgramme['rooms'];
  roomNames: Map<string, string>;
  timeZone: string;
}) {
  const time = (
    <p className="pt-3 text-right text-sm font-semibold tabular-nums text-slate-700">
      {clockText(row.startsAt, timeZone)}
    </p>
  );
  return (
    <>
      {row.byRoom.size > 0 && (
        <>
          {time}
          {columns.map((room) => (
            <div key={room._id} className="space-y-3">
              {(row.byRoom.get(room._id) ?? []).map((session) => (
                <SessionCard key={session._id} session={session} roomNames={roomNames} timeZone={timeZone} />
              ))}
            </div>
          ))}
        </>
      )}
      {row.everywhere.map((session) => (
        <div key={session._id} className="contents">
          {row.byRoom.size > 0 ? <div /> : time}
          <div style={{ gridColumn: '2 / -1' }}>
            <SessionCard session={session} roomNames={roomNames} timeZone={timeZone} />
          </div>
        </div>
      ))}
    </>
  );
}

function SessionCard({
  session,
  roomNames,
  timeZone,
  showRoom = false,
}: {
  session: ProgrammeSession;
  roomNames: Map<string, string>;
  timeZone: string;
  showRoom?: boolean;
}) {
  const headingId = useId();
  const room = session.roomId ? roomNames.get(session.roomId) : undefined;
  const quiet = session.kind === 'break';
  return (
    <section
      id={session._id}
      aria-labelledby={headingId}
      className={`scroll-mt-24 rounded-xl border p-4 ${quiet ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white shadow-sm'}`}
    >
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {SESSION_KIND_LABELS[session.kind]}
        {session.theme && <span className="text-slate-600 normal-case"> · {session.theme}</span>}
      </p>
      <h3 id={headingId} className="mt-1 font-bold text-brand-900">
        {session.title}
      </h3>
      <p className="text-sm text-slate-700 tabular-nums">
        {timeRange(session.startsAt, session.endsAt, timeZone)}
        {room && (
          <span className={showRoom ? '' : 'sr-only'}>
            {' · '}
            {room}
          </span>
        )}
      </p>
      {session.chairs.length > 0 && (
        <p className="text-sm text-slate-600">
          {session.chairs.length === 1 ? 'Chair' : 'Chairs'}: {session.chairs.join(', ')}
        </p>
      )}
      {session.talks.length > 0 ? (
        <ol className="mt-3 divide-y divide-slate-100 border-t border-slate-100">
          {session.talks.map((talk) => (
            <li key={talk.paperId} id={talk.paperId} className="scroll-mt-24 py-3">
              <p className="text-sm font-semibold text-slate-600 tabular-nums">
                {session.kind === 'poster'
                  ? talk.board
                    ? `Board ${talk.board}`
                    : 'Poster'
                  : timeRange(talk.startsAt, talk.endsAt, timeZone)}
              </p>
              <h4 className="font-semibold text-slate-900">{talk.title}</h4>
              <p className="text-sm text-slate-700">
                {talk.authors.map((author, index) => (
                  <span key={index}>
                    {index > 0 && ', '}
                    {author.name}
                    {author.affiliation && <span className="text-slate-600"> ({author.affiliation})</span>}
                  </span>
                ))}
              </p>
              <CalendarLink id={talk.paperId} title={talk.title} />
            </li>
          ))}
        </ol>
      ) : (
        !quiet && <CalendarLink id={session._id} title={session.title} />
      )}
    </section>
  );
}

function CalendarLink({ id, title }: { id: string; title: string }) {
  return (
    <a
      href={eventCalendarUrl(id)}
      download
      className="mt-1 inline-block py-1 text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      Add to calendar<span className="sr-only">: {title}</span>
    </a>
  );
}
