import { readFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { eq } from 'drizzle-orm';
import { PROGRAMME_TEXTS } from '@shared/domain/programme.ts';
import { unpublishableCharacters } from '@shared/domain/publishable-text.ts';
import type { ProgrammeDraft } from '@shared/schemas/programme.ts';
import { papers, programmeRooms, programmeSessions } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
// The test server's conference: 4-6 January 2100 (OPEN_DEADLINES), in IST.
const at = (day: number, clock: string) => `2100-01-0${day}T${clock}:00+05:30`;

describe('the published programme as iCalendar, schedule JSON and frab XML', () => {
  let t: TestApp;
  let admin: TestUser;
  let version = 0;
  const paperIds: string[] = [];
  let oralSessionId = '';
  let laterSessionId = '';

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES, publicUrl: 'https://conference.example' });
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const [title, name, affiliation] of [
      ['Вихревые кольца & <струи>', 'Мария Иванова', 'МГУ'],
      ['湍流边界层', '李明', '北京大学'],
      ['Przepływy dwufazowe', 'Łucja Wiśniewska', 'Politechnika Łódzka'],
    ] as const) {
      const author = await createTestUser(t.app);
      const id = (
        await createTestPaper(t.app, author, {
          title,
          authors: JSON.stringify([{ name, affiliation, address: affiliation }]),
        })
      )._id;
      await t.app.inject({
        method: 'PUT',
        url: `${API}/admin/papers/${id}/status`,
        headers: { cookie: admin.cookie },
        payload: { status: 'abstract_accepted', review: 'Accepted.' },
      });
      paperIds.push(id);
    }
    const edit = async (method: 'POST' | 'PUT', path: string, body: object) => {
      const res = await t.app.inject({
        method,
        url: `${API}/admin/programme${path}`,
        headers: { cookie: admin.cookie },
        payload: { ...body, version },
      });
      expect(res.statusCode, res.body).toBe(200);
      const programme = res.json().programme as ProgrammeDraft;
      version = programme.version;
      return programme;
    };
    const rooms = (await edit('POST', '/rooms', { name: 'Main Hall', capacity: 400 })).rooms;
    const session = (
      title: string,
      kind: string,
      starts: string,
      ends: string,
      roomId: string | null = rooms[0]!._id,
    ) => edit('POST', '/sessions', { title, kind, theme: null, roomId, startsAt: starts, endsAt: ends, chairs: [] });
    await session('Opening keynote', 'keynote', at(4, '09:00'), at(4, '10:00'));
    const oral = await session('Fluid mechanics I', 'oral', at(4, '10:00'), at(4, '11:00'));
    await session('Lunch', 'break', at(4, '13:00'), at(4, '14:00'), null);
    const later = await session('Fluid mechanics II', 'oral', at(5, '10:00'), at(5, '11:00'));
    oralSessionId = oral.sessions.find((s) => s.title === 'Fluid mechanics I')!._id;
    laterSessionId = later.sessions.find((s) => s.title === 'Fluid mechanics II')!._id;
    for (const paperId of paperIds) await edit('PUT', `/papers/${paperId}`, { sessionId: oralSessionId });
    await publish();
  });
  afterAll(() => t.close());

  /** Publishes the draft at its current version, its warnings read. */
  const publish = async () => {
    const published = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/programme/publish`,
      headers: { cookie: admin.cookie },
      payload: { version, confirmWarnings: true },
    });
    expect(published.statusCode, published.body).toBe(200);
  };
  const feed = (format: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${API}/programme/schedule.${format}`, headers });

  it('serves schedule.json valid against the c3voc schedule schema', async () => {
    const res = await feed('json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addMetaSchema(draft06);
    const validate = ajv.compile(JSON.parse(await fixture('c3voc-schedule.schema.json')));
    const body = res.json();
    expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);

    const { conference } = body.schedule;
    expect(conference).toMatchObject({ acronym: 'ictacem2025', start: '2100-01-04', end: '2100-01-06', daysCount: 3 });
    const firstDay = conference.days[0];
    expect(Object.keys(firstDay.rooms)).toEqual(['Main Hall', 'Everywhere']);
    expect(
      firstDay.rooms['Main Hall'].map((event: { title: string; start: string; duration: string }) => [
        event.title,
        event.start,
        event.duration,
      ]),
    ).toEqual([
      ['Opening keynote', '09:00', '01:00'],
      ['Вихревые кольца & <струи>', '10:00', '00:15'],
      ['湍流边界层', '10:15', '00:15'],
      ['Przepływy dwufazowe', '10:30', '00:15'],
    ]);
    expect(firstDay.rooms['Main Hall'][1]).toMatchObject({
      guid: paperIds[0],
      date: '2100-01-04T10:00:00+05:30',
      type: 'talk',
      persons: [{ name: 'Мария Иванова' }],
    });
  });

  it('serves schedule.xml valid against the frab schedule XSD', async () => {
    const res = await feed('xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const result = await validateXML({
      xml: [{ fileName: 'schedule.xml', contents: res.body }],
      schema: [{ fileName: 'schedule.xml.xsd', contents: await fixture('frab-schedule.xml.xsd') }],
    });
    expect(result.errors, result.rawOutput).toEqual([]);
    expect(result.valid).toBe(true);
    // Markup in a title is text, escaped.
    expect(res.body).toContain('<title>Вихревые кольца &amp; &lt;струи&gt;</title>');
    expect(res.body).toContain('<person>Łucja Wiśniewska</person>');
  });

  it('serves schedule.ics that reads back: one event per paper and per session without papers, in IST', async () => {
    const res = await feed('ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Kolkata');
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    // Keynote, three talks, lunch and the second session (still empty).
    expect(events).toHaveLength(6);
    const talk = events.find((event) => event.summary === '湍流边界层')!;
    expect(talk.uid).toBe(`${paperIds[1]}@conference.example`);
    // 10:15 IST, written in UTC.
    expect(talk.startDate.zone?.tzid).toBe('UTC');
    expect(talk.startDate.toJSDate().toISOString()).toBe(new Date(at(4, '10:15')).toISOString());
    expect(talk.endDate.toJSDate().toISOString()).toBe(new Date(at(4, '10:30')).toISOString());
    expect(talk.description).toContain('李明');
    expect(talk.location).toBe('Main Hall');
  });

  it('serves one talk as a calendar file to download ("Add to calendar"), and 404 for a paper not in it', async () => {
    const url = `${API}/programme/events/${paperIds[0]}/calendar.ics`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ictacem-[0-9a-f]{8}\.ics"$/);
    const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events.map((event) => [event.uid, event.summary])).toEqual([
      [`${paperIds[0]}@conference.example`, 'Вихревые кольца & <струи>'],
    ]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': res.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${API}/programme/events/00000000-0000-4000-8000-000000000000/calendar.ics`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PROGRAMME_TEXTS.eventNotFound);
    expect((await t.app.inject({ method: 'GET', url: `${API}/programme/events/x/calendar.ics` })).statusCode).toBe(404);
  });

  it('serves one published version as the same bytes and ETag however much later it is asked', async () => {
    const published = (await t.app.inject({ method: 'GET', url: `${API}/programme` })).json().programme;
    const talkUrl = `${API}/programme/events/${paperIds[1]}/calendar.ics`;
    // Only the clock is faked: the server and the database run as they do.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      const first = await feed('ics');
      const firstTalk = await t.app.inject({ method: 'GET', url: talkUrl });
      vi.setSystemTime(start + 90_000);
      const later = await feed('ics');
      const laterTalk = await t.app.inject({ method: 'GET', url: talkUrl });
      expect(later.body).toBe(first.body);
      expect(later.headers.etag).toBe(first.headers.etag);
      expect(laterTalk.body).toBe(firstTalk.body);
      expect(laterTalk.headers.etag).toBe(firstTalk.headers.etag);
      vi.setSystemTime(start + 3_600_000);
      expect((await feed('ics', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: talkUrl,
            headers: { 'if-none-match': firstTalk.headers.etag as string },
          })
        ).statusCode,
      ).toBe(304);
    } finally {
      vi.useRealTimers();
    }
    // Every event is stamped with the publication's time, to the second.
    const stamps = new ICAL.Component(ICAL.parse((await feed('ics')).body))
      .getAllSubcomponents('vevent')
      .map((vevent) => (vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString());
    expect(new Set(stamps)).toEqual(
      new Set([new Date(Math.floor(Date.parse(published.publishedAt) / 1000) * 1000).toISOString()]),
    );
  });

  it('answers 304 to a copy of the same version, by ETag or date, and a new body once a talk moves', async () => {
    const first = await feed('ics');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"v1-/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect((await feed('ics', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await feed('ics', { 'if-modified-since': first.headers['last-modified'] as string })).statusCode).toBe(304);
    expect((await feed('ics', { 'if-none-match': '"v0-stale"' })).statusCode).toBe(200);

    const uids = async () =>
      new ICAL.Component(ICAL.parse((await feed('ics')).body))
        .getAllSubcomponents('vevent')
        .map((vevent) => vevent.getFirstPropertyValue('uid'));
    const before = await uids();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/programme/papers/${paperIds[2]}`,
      headers: { cookie: admin.cookie },
      payload: { sessionId: laterSessionId, version },
    });
    version = (moved.json().programme as ProgrammeDraft).version;
    await publish();
    const next = await feed('ics', { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).toMatch(/^"v2-/);
    // The moved paper keeps its UID; the second session, now with a paper, is that paper's event.
    const after = await uids();
    expect(after).toContain(`${paperIds[2]}@conference.example`);
    expect(after.filter((uid) => before.includes(uid))).toHaveLength(before.length - 1);
  });

  it('dates the feeds by the conference days they show: a copy kept by date is not kept once they change', async () => {
    const before = await feed('json');
    const calendarBefore = await feed('ics');
    const lastModified = before.headers['last-modified'] as string;
    // HTTP dates carry whole seconds: the change comes in a later second than the publication.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/deadlines`,
      headers: { cookie: admin.cookie },
      payload: { conferenceEnds: '2100-01-07T18:00:00+05:30' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const format of ['json', 'xml']) {
      const after = await feed(format);
      expect(Date.parse(after.headers['last-modified'] as string), format).toBeGreaterThan(Date.parse(lastModified));
      expect((await feed(format, { 'if-modified-since': lastModified })).statusCode, format).toBe(200);
      expect((await feed(format, { 'if-modified-since': after.headers['last-modified'] as string })).statusCode).toBe(
        304,
      );
    }
    // The calendar shows no days: it is as it was, and says so.
    const calendar = await feed('ics');
    expect(calendar.headers['last-modified']).toBe(calendarBefore.headers['last-modified']);
    expect(calendar.headers.etag).toBe(calendarBefore.headers.etag);
    expect(
      (await feed('ics', { 'if-modified-since': calendarBefore.headers['last-modified'] as string })).statusCode,
    ).toBe(304);
    const after = await feed('json');
    expect(after.json().schedule.conference).toMatchObject({ end: '2100-01-07', daysCount: 4 });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('refuses a title or a room name no format can carry, and writes what is already stored without it', async () => {
    const author = await createTestUser(t.app);
    await expect(createTestPaper(t.app, author, { title: 'Ударные волны\u001b[31m в соплах' })).rejects.toThrow(
      '400 {"success":false,"message":"Title contains a character that cannot be printed or published: U+001B"}',
    );
    const room = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/programme/rooms`,
      headers: { cookie: admin.cookie },
      payload: { name: 'Sala\uffff B', capacity: 40, version },
    });
    expect(room.statusCode).toBe(400);
    expect(room.json().message).toBe('Room name contains a character that cannot be printed or published: U+FFFF');

    // Text stored before the rule, as a database may hold it: the writers drop what they cannot carry.
    const { db } = t.app.ctx;
    await db
      .update(papers)
      .set({ title: 'Przepływy\u001b dwufazowe\u000b\u0092\ufffe' })
      .where(eq(papers.id, paperIds[2]!));
    await db.update(programmeRooms).set({ name: 'Main\u0007 Hall\uffff' });
    await db
      .update(programmeSessions)
      .set({ title: 'Opening\u007f keynote', chairs: ['Đặng Thị\u001f Hoa', 'Ирина\u0085 Петрова'] })
      .where(eq(programmeSessions.title, 'Opening keynote'));
    await publish();

    const xml = (await feed('xml')).body;
    const result = await validateXML({
      xml: [{ fileName: 'schedule.xml', contents: xml }],
      schema: [{ fileName: 'schedule.xml.xsd', contents: await fixture('frab-schedule.xml.xsd') }],
    });
    expect(result.errors, result.rawOutput).toEqual([]);
    expect(xml).toContain('<title>Przepływy dwufazowe</title>');
    expect(xml).toContain('<room name="Main Hall"');
    expect(xml).toContain('<person>Đặng Thị Hoa</person>');

    const ics = (await feed('ics')).body;
    expect(unpublishableCharacters(ics)).toEqual([]);
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events.find((event) => event.uid.startsWith(paperIds[2]!))).toMatchObject({
      summary: 'Przepływy dwufazowe',
      location: 'Main Hall',
    });
    expect(events.find((event) => event.summary === 'Opening keynote')!.description).toContain(
      'Đặng Thị Hoa, Ирина Петрова',
    );

    const stored: string[] = [];
    JSON.parse((await feed('json')).body, (_, value: unknown) => {
      if (typeof value === 'string') stored.push(...unpublishableCharacters(value));
      return value;
    });
    expect(stored).toEqual([]);
  });

  it('says the programme is not published yet, and knows no other format', async () => {
    const fresh = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    try {
      const res = await fresh.app.inject({ method: 'GET', url: `${API}/programme/schedule.json` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PROGRAMME_TEXTS.notPublished);
    } finally {
      await fresh.close();
    }
    // An unknown format is a page that does not exist.
    expect((await feed('pdf')).statusCode).toBe(404);
  });
});
