import ical, { ICalCalendarMethod } from 'ical-generator';
import { currentConference } from '@shared/conference.ts';
import { SESSION_KIND_LABELS, type SessionKind } from '@shared/domain/programme.ts';
import { withoutUnpublishable } from '@shared/domain/publishable-text.ts';
import { wallClockIn } from '@shared/format/dates.ts';
import type { ProgrammeSession, PublishedProgramme } from '@shared/schemas/programme.ts';

/** Where the schedule lives and what it is called: the feeds' links and the conference block. */
export interface ScheduleSite {
  /** The site's public address with its base path, no trailing slash: "https://ictacem.example/ictacem2025". */
  siteUrl: string;
  /** The conference's first and last instants (its configured dates). */
  conferenceStarts: string;
  conferenceEnds: string;
  /** When an organiser last saved the conference's first or last day; null when never. */
  daysChangedAt: Date | null;
}

/** "acronym" and year, as the feeds' slugs start: read when a feed is made, as configured. */
const acronymOfFeeds = () => `${currentConference().acronym.toLowerCase()}${currentConference().year}`;
const generator = () => ({ name: `${currentConference().acronym} conference site`, version: '1' });
const pad = (n: number) => String(n).padStart(2, '0');

/** The conference's wall clock of an instant, as ISO 8601 with its offset: "2025-12-15T10:00:00+05:30". */
export function conferenceIso(instant: string): string {
  const date = new Date(instant);
  const clock = wallClockIn(date, currentConference().timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const offset = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}
const dayOf = (instant: string) => conferenceIso(instant).slice(0, 10);
const clockOf = (instant: string) => conferenceIso(instant).slice(11, 16);
const duration = (starts: string, ends: string) => {
  const minutes = Math.round((Date.parse(ends) - Date.parse(starts)) / 60_000);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
};
const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** What each feed lists: every paper placed, and every session without papers (keynotes, breaks). */
interface ScheduleEvent {
  guid: string;
  /** A stable positive integer from the guid, for the formats that still require one. */
  id: number;
  title: string;
  kind: SessionKind;
  track: string | null;
  startsAt: string;
  endsAt: string;
  room: string | null;
  persons: string[];
  abstract: string;
  slug: string;
  session: ProgrammeSession;
}

const idOf = (guid: string) => Number.parseInt(guid.replace(/-/g, '').slice(0, 12), 16) % 2_147_483_647 || 1;

export function scheduleEvents(programme: PublishedProgramme): ScheduleEvent[] {
  const roomName = new Map(programme.rooms.map((room) => [room._id, room.name]));
  return programme.sessions.flatMap((session): ScheduleEvent[] => {
    const room = session.roomId ? (roomName.get(session.roomId) ?? null) : null;
    if (session.talks.length === 0)
      return [
        {
          guid: session._id,
          id: idOf(session._id),
          title: session.title,
          kind: session.kind,
          track: session.theme,
          startsAt: session.startsAt,
          endsAt: session.endsAt,
          room,
          persons: session.chairs,
          abstract: SESSION_KIND_LABELS[session.kind],
          slug: `${acronymOfFeeds()}-${slugOf(session.title) || 'session'}-${session._id.slice(0, 8)}`,
          session,
        },
      ];
    return session.talks.map((talk) => ({
      guid: talk.paperId,
      id: idOf(talk.paperId),
      title: talk.title,
      kind: session.kind,
      track: session.theme,
      startsAt: talk.startsAt,
      endsAt: talk.endsAt,
      room,
      persons: talk.authors.map((author) => author.name),
      abstract: `${SESSION_KIND_LABELS[session.kind]}: ${session.title}${talk.board ? `, board ${talk.board}` : ''}.`,
      // Not the ICTACEM ID: the author's own conference ID is not published.
      slug: `${acronymOfFeeds()}-${talk.paperId.slice(0, 8)}`,
      session,
    }));
  });
}

const EVENT_TYPES: Record<SessionKind, string> = {
  plenary: 'plenary',
  keynote: 'keynote',
  oral: 'talk',
  poster: 'poster',
  break: 'break',
};

/** The conference's days, 1-based, each from its midnight to the next in the conference's zone. */
function scheduleDays(site: ScheduleSite) {
  const days: { index: number; date: string; start: string; end: string }[] = [];
  const first = dayOf(site.conferenceStarts);
  const last = dayOf(site.conferenceEnds);
  for (let date = first, index = 1; date <= last; index += 1) {
    const start = `${date}T00:00:00${conferenceIso(`${date}T12:00:00Z`).slice(19)}`;
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    days.push({ index, date, start, end: `${next}T00:00:00${start.slice(19)}` });
    date = next;
  }
  return days;
}

const scheduleUrl = (site: ScheduleSite) => `${site.siteUrl}/schedule`;

/** The schedule JSON that frab and pretalx publish and conference apps read (c3voc's schema.json). */
export function scheduleJson(programme: PublishedProgramme, site: ScheduleSite) {
  const events = scheduleEvents(programme);
  const days = scheduleDays(site);
  const themes = [...new Set(events.map((event) => event.track).filter((track): track is string => track !== null))];
  return {
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: generator(),
    schedule: {
      version: `Version ${programme.edition}`,
      base_url: `${site.siteUrl}/`,
      conference: {
        acronym: acronymOfFeeds(),
        title: `${currentConference().shortName}: ${currentConference().fullName}`,
        start: dayOf(site.conferenceStarts),
        end: dayOf(site.conferenceEnds),
        daysCount: days.length,
        timeslot_duration: '00:05',
        time_zone_name: currentConference().timeZone,
        url: scheduleUrl(site),
        tracks: themes.map((name) => ({ name, slug: slugOf(name) })),
        rooms: programme.rooms.map((room) => ({ name: room.name, guid: room._id, capacity: room.capacity })),
        days: days.map((day) => ({
          index: day.index,
          date: day.date,
          day_start: day.start,
          day_end: day.end,
          rooms: Object.fromEntries(
            [...new Set(events.filter((e) => dayOf(e.startsAt) === day.date).map((e) => e.room ?? 'Everywhere'))].map(
              (room) => [
                room,
                events
                  .filter((event) => dayOf(event.startsAt) === day.date && (event.room ?? 'Everywhere') === room)
                  .map((event) => ({
                    guid: event.guid,
                    id: event.id,
                    date: conferenceIso(event.startsAt),
                    start: clockOf(event.startsAt),
                    duration: duration(event.startsAt, event.endsAt),
                    room,
                    slug: event.slug,
                    url: `${scheduleUrl(site)}#${event.guid}`,
                    title: event.title,
                    subtitle: null,
                    track: event.track,
                    type: EVENT_TYPES[event.kind],
                    language: 'en',
                    abstract: event.abstract,
                    persons: event.persons.map((name) => ({ name })),
                    links: [],
                  })),
              ],
            ),
          ),
        })),
      },
    },
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** The frab-compatible schedule XML (c3voc's schedule.xml.xsd). */
export function scheduleXml(programme: PublishedProgramme, site: ScheduleSite): string {
  const json = scheduleJson(programme, site);
  const { conference } = json.schedule;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<schedule>',
    `<generator name="${escapeXml(generator().name)}" version="${generator().version}"/>`,
    element('url', `${site.siteUrl}/api/programme/schedule.xml`),
    element('version', json.schedule.version),
    '<conference>',
    element('title', conference.title),
    element('acronym', conference.acronym),
    element('start', conference.start),
    element('end', conference.end),
    element('days', String(conference.daysCount)),
    element('timeslot_duration', conference.timeslot_duration),
    element('base_url', json.schedule.base_url),
    element('url', conference.url),
    element('time_zone_name', conference.time_zone_name),
    ...conference.tracks.map((track) => `<track name="${escapeXml(track.name)}" slug="${track.slug}"/>`),
    '</conference>',
  ];
  const roomGuid = new Map(programme.rooms.map((room) => [room.name, room._id]));
  for (const day of conference.days) {
    lines.push(`<day index="${day.index}" date="${day.date}" start="${day.day_start}" end="${day.day_end}">`);
    for (const [room, events] of Object.entries(day.rooms)) {
      const guid = roomGuid.get(room);
      lines.push(`<room name="${escapeXml(room)}"${guid ? ` guid="${guid}"` : ''}>`);
      for (const event of events)
        lines.push(
          `<event guid="${event.guid}" id="${event.id}">`,
          element('room', event.room),
          element('title', event.title),
          element('type', event.type),
          element('date', event.date),
          element('start', event.start),
          element('duration', event.duration),
          element('abstract', event.abstract),
          element('slug', event.slug),
          element('track', event.track ?? ''),
          element('language', event.language),
          `<persons>${event.persons.map((person) => element('person', person.name)).join('')}</persons>`,
          element('url', event.url),
          '</event>',
        );
      lines.push('</room>');
    }
    lines.push('</day>');
  }
  lines.push('</schedule>');
  // The last guard: text stored before the input rule may hold what XML 1.0 cannot.
  return withoutUnpublishable(`${lines.join('\n')}\n`);
}

/**
 * The whole programme as iCalendar: one event per paper and per session without papers, UIDs
 * stable across versions. `onlyGuid` keeps one event ("Add to calendar", an author's e-mail).
 */
export function scheduleIcs(programme: PublishedProgramme, site: ScheduleSite, onlyGuid?: string): string {
  const calendar = ical({
    name: `${currentConference().shortName} programme`,
    prodId: { company: currentConference().acronym, product: 'conference-site', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    url: scheduleUrl(site),
    // The conference's zone, for the calendars that show a feed in its own zone. The events
    // themselves are in UTC (a zone given to the library would write the times without one).
    x: [{ key: 'X-WR-TIMEZONE', value: currentConference().timeZone }],
  });
  const host = new URL(site.siteUrl).hostname;
  const events = scheduleEvents(programme).filter((event) => onlyGuid === undefined || event.guid === onlyGuid);
  for (const event of events)
    calendar.createEvent({
      id: `${event.guid}@${host}`,
      start: new Date(event.startsAt),
      end: new Date(event.endsAt),
      summary: event.title,
      description: [event.abstract, event.persons.join(', ')].filter(Boolean).join('\n'),
      location: event.room ?? undefined,
      url: `${scheduleUrl(site)}#${event.guid}`,
      categories: event.track ? [{ name: event.track }] : [],
      sequence: programme.edition,
      // The publication's time, not the render's: one version is always the same bytes.
      stamp: new Date(programme.publishedAt),
    });
  // The last guard: text stored before the input rule may hold controls iCalendar forbids.
  return withoutUnpublishable(calendar.toString());
}
