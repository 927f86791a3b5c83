import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMME_TEXTS } from '@shared/domain/programme.ts';
import type { ProgrammeChange, ProgrammeDraft, PublishedProgramme } from '@shared/schemas/programme.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

// The test server's conference: 4-6 January 2100 (OPEN_DEADLINES), in IST.
const at = (day: number, clock: string) => `2100-01-0${day}T${clock}:00+05:30`;
const authorsOf = (...names: [string, string][]) =>
  JSON.stringify(names.map(([name, affiliation]) => ({ name, affiliation, address: affiliation })));

describe('the programme draft: rooms, sessions, papers placed, versions published', () => {
  let t: TestApp;
  let admin: TestUser;
  let other: TestUser;
  let version = 0;
  const papers: Record<'oral' | 'second' | 'poster' | 'pending', string> = {} as never;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin', username: 'Organiser Anna' });
    other = await createTestUser(t.app, { role: 'admin', username: 'Organiser Björn' });
    const submit = async (key: keyof typeof papers, title: string, mode: string, authors: string) => {
      const author = await createTestUser(t.app);
      papers[key] = (await createTestPaper(t.app, author, { title, modeOfPresentation: mode, authors }))._id;
      if (key !== 'pending')
        await t.app.inject({
          method: 'PUT',
          url: `${API}/admin/papers/${papers[key]}/status`,
          headers: { cookie: admin.cookie },
          payload: { status: 'abstract_accepted', review: 'Accepted.' },
        });
    };
    await submit('oral', '圆柱绕流的涡脱落', 'Oral', authorsOf(['王芳', '清华大学'], ['Jan Kowalski', 'AGH']));
    await submit('second', 'Турбулентность в каналах', 'Oral', authorsOf(['Jan Kowalski', 'AGH']));
    await submit('poster', 'Dao động của dầm', 'Poster (Only for Students)', authorsOf(['Phạm Minh Châu', 'HUST']));
    await submit('pending', 'Not yet decided', 'Oral', authorsOf(['Someone Else', 'Nowhere']));
  });
  afterAll(() => t.close());

  const send = async (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, who = admin) => {
    const res = await t.app.inject({
      method,
      url: `${API}/admin/programme${path}`,
      headers: { cookie: who.cookie },
      payload: payload as object,
    });
    const programme = res.json().programme as ProgrammeDraft | undefined;
    if (res.statusCode === 200 && programme) version = programme.version;
    return res;
  };
  const draft = async () => (await send('GET', '')).json().programme as ProgrammeDraft;

  it('adds rooms, refuses a second of the same name, and names who changed the draft since it was read', async () => {
    const first = await send('POST', '/rooms', { name: 'Hall A — Lecture Theatre', capacity: 300, version });
    expect(first.statusCode, first.body).toBe(200);
    expect((await send('POST', '/rooms', { name: 'Seminar Room 2', capacity: 40, version })).statusCode).toBe(200);
    const twice = await send('POST', '/rooms', { name: 'hall a — lecture theatre', capacity: 10, version });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PROGRAMME_TEXTS.roomNameTaken('hall a — lecture theatre'));

    const stale = await send('POST', '/rooms', { name: 'Foyer', capacity: 100, version: version - 1 }, other);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Organiser Anna changed the programme at');
    expect((await draft()).rooms.map((room) => room.name)).toEqual(['Hall A — Lecture Theatre', 'Seminar Room 2']);
    for (const bad of [
      { name: '', capacity: 10 },
      { name: 'Attic', capacity: 0 },
      { name: 'Attic', capacity: 'many' },
    ])
      expect((await send('POST', '/rooms', { ...bad, version })).statusCode, JSON.stringify(bad)).toBe(400);
  });

  it('keeps sessions on the conference days, ending after they start, one at a time per room', async () => {
    const [hall, seminar] = (await draft()).rooms;
    const session = (changes: object) => ({
      title: 'Fluids I',
      kind: 'oral',
      theme: 'Aerodynamics and Fluid Mechanics',
      roomId: hall!._id,
      startsAt: at(4, '10:00'),
      endsAt: at(4, '10:30'),
      chairs: ['Jan Kowalski'],
      version,
      ...changes,
    });
    const outside = await send('POST', '/sessions', session({ startsAt: at(7, '10:00'), endsAt: at(7, '11:00') }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(PROGRAMME_TEXTS.outsideConference('4 January 2100', '6 January 2100'));
    const backwards = await send('POST', '/sessions', session({ endsAt: at(4, '09:00') }));
    expect(backwards.json().message).toBe(PROGRAMME_TEXTS.endsBeforeStart);
    expect((await send('POST', '/sessions', session({ roomId: null }))).json().message).toBe(
      PROGRAMME_TEXTS.roomRequired,
    );

    expect((await send('POST', '/sessions', session({}))).statusCode).toBe(200);
    const clash = await send(
      'POST',
      '/sessions',
      session({ title: 'Solids I', startsAt: at(4, '10:15'), endsAt: at(4, '11:00') }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      PROGRAMME_TEXTS.roomClash('Hall A — Lecture Theatre', 'Fluids I', '4 January 2100, 10:00 IST-10:30 IST'),
    );
    // Back to back is no clash; the same hour in another room neither.
    expect(
      (
        await send(
          'POST',
          '/sessions',
          session({ title: 'Fluids II', startsAt: at(4, '10:30'), endsAt: at(4, '11:30'), chairs: [] }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await send('POST', '/sessions', session({ title: 'Posters', kind: 'poster', roomId: seminar!._id, chairs: [] })))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send(
          'POST',
          '/sessions',
          session({
            title: 'Tea',
            kind: 'break',
            roomId: null,
            startsAt: at(4, '11:30'),
            endsAt: at(4, '12:00'),
            chairs: [],
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await draft()).sessions.map((s) => s.title)).toEqual(['Fluids I', 'Posters', 'Fluids II', 'Tea']);
  });

  it('places accepted papers in order, refuses a talk past its session’s end, and never an undecided paper', async () => {
    const byTitle = (programme: ProgrammeDraft, title: string) => programme.sessions.find((s) => s.title === title)!;
    const fluids = byTitle(await draft(), 'Fluids I');
    const posters = byTitle(await draft(), 'Posters');
    const tea = byTitle(await draft(), 'Tea');

    const pending = await send('PUT', `/papers/${papers.pending}`, { sessionId: fluids._id, version });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(PROGRAMME_TEXTS.notAccepted);
    expect((await send('PUT', `/papers/${papers.oral}`, { sessionId: tea._id, version })).json().message).toBe(
      PROGRAMME_TEXTS.notAPaperSession,
    );

    expect((await send('PUT', `/papers/${papers.oral}`, { sessionId: fluids._id, version })).statusCode).toBe(200);
    const tooLong = await send('PUT', `/papers/${papers.second}`, { sessionId: fluids._id, minutes: 20, version });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(PROGRAMME_TEXTS.overrun(5));
    // First in the session: the other talk moves down and starts after it.
    const placed = await send('PUT', `/papers/${papers.second}`, { sessionId: fluids._id, position: 0, version });
    expect(placed.statusCode, placed.body).toBe(200);
    const talks = byTitle(placed.json().programme, 'Fluids I').talks;
    expect(talks.map((talk) => [talk.paperId, talk.position, talk.startsAt])).toEqual([
      [papers.second, 0, new Date(at(4, '10:00')).toISOString()],
      [papers.oral, 1, new Date(at(4, '10:15')).toISOString()],
    ]);
    // The poster paper in a poster session; the oral paper there would be placed against its mode.
    const poster = await send('PUT', `/papers/${papers.poster}`, { sessionId: posters._id, board: 'P-07', version });
    expect(byTitle(poster.json().programme, 'Posters').talks[0]).toMatchObject({
      board: 'P-07',
      modeOverridden: false,
    });
    // A session cannot shrink below its talks.
    const shrink = await send('PUT', `/sessions/${fluids._id}`, {
      title: 'Fluids I',
      kind: 'oral',
      theme: null,
      roomId: fluids.roomId,
      startsAt: fluids.startsAt,
      endsAt: at(4, '10:20'),
      chairs: fluids.chairs,
      version,
    });
    expect(shrink.json().message).toBe(PROGRAMME_TEXTS.sessionShrinks(10));
  });

  it('warns of an author in two sessions at once and a chair presenting in a parallel one, and publishes only once confirmed', async () => {
    const warnings = (await draft()).warnings;
    // Jan Kowalski chairs Fluids I and is an author in it: no warning (not parallel). Posters runs
    // beside Fluids I, and the pending paper is not accepted, so nothing is "not scheduled".
    expect(warnings).toEqual([]);
    const posters = (await draft()).sessions.find((s) => s.title === 'Posters')!;
    await send('PUT', `/papers/${papers.second}`, { sessionId: posters._id, version });
    const now = (await draft()).warnings;
    expect(now.map((warning) => warning.kind).sort()).toEqual(['author_double_booked', 'chair_presenting']);
    expect(now.find((w) => w.kind === 'author_double_booked')!.message).toContain('Jan Kowalski is an author of');

    const unconfirmed = await send('POST', '/publish', { version });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toContain(PROGRAMME_TEXTS.confirmWarnings(2));
    const published = await send('POST', '/publish', { version, confirmWarnings: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 1, message: PROGRAMME_TEXTS.published(1, 3) });
    expect((published.json().changes as ProgrammeChange[]).map((change) => change.kind)).toEqual([
      'added',
      'added',
      'added',
    ]);
  });

  it('lists what moved in the next version, and serves the latest to everyone', async () => {
    const visitor = async () =>
      (await t.app.inject({ method: 'GET', url: `${API}/programme` })).json().programme as PublishedProgramme | null;
    expect((await visitor())!.edition).toBe(1);

    const fluidsII = (await draft()).sessions.find((s) => s.title === 'Fluids II')!;
    await send('PUT', `/papers/${papers.second}`, { sessionId: fluidsII._id, version });
    await send('POST', `/papers/${papers.poster}/remove`, { version });
    const second = await send('POST', '/publish', { version, confirmWarnings: true });
    expect(second.statusCode, second.body).toBe(200);
    const changes = second.json().changes as ProgrammeChange[];
    expect(changes.find((change) => change.paperId === papers.second)).toMatchObject({
      kind: 'moved',
      before: { session: 'Posters', room: 'Seminar Room 2', startsAt: new Date(at(4, '10:00')).toISOString() },
      after: {
        session: 'Fluids II',
        room: 'Hall A — Lecture Theatre',
        startsAt: new Date(at(4, '10:30')).toISOString(),
      },
    });
    expect(changes.find((change) => change.paperId === papers.poster)).toMatchObject({ kind: 'removed', after: null });
    const latest = await visitor();
    expect(latest!.edition).toBe(2);
    expect(latest!.sessions.flatMap((session) => session.talks.map((talk) => talk.title))).toContain(
      'Турбулентность в каналах',
    );
    // The draft goes on; the public page keeps version 2 until the next publication.
    await send('POST', `/papers/${papers.oral}/remove`, { version });
    expect((await visitor())!.edition).toBe(2);
  });

  it('flags a placed paper declined since, lists the accepted papers left out, and drops it from the next version', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${papers.second}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'declined', review: 'Withdrawn by the authors.' },
    });
    const flagged = await draft();
    expect(flagged.warnings.find((warning) => warning.kind === 'not_accepted')).toMatchObject({
      paperIds: [papers.second],
    });
    // The papers taken out of the draft wait in the list of accepted papers to place.
    expect(flagged.unscheduled).toEqual([
      { paperId: papers.oral, title: '圆柱绕流的涡脱落', theme: expect.any(String), mode: 'Oral' },
      {
        paperId: papers.poster,
        title: 'Dao động của dầm',
        theme: expect.any(String),
        mode: 'Poster (Only for Students)',
      },
    ]);
    const third = await send('POST', '/publish', { version, confirmWarnings: true });
    expect(third.statusCode, third.body).toBe(200);
    const changes = third.json().changes as ProgrammeChange[];
    expect(
      changes
        .filter((change) => change.kind === 'removed')
        .map((change) => change.paperId)
        .sort(),
    ).toEqual([papers.oral, papers.second].sort());
    const visitorSees = (await t.app.inject({ method: 'GET', url: `${API}/programme` })).json()
      .programme as PublishedProgramme;
    expect(visitorSees.sessions.flatMap((session) => session.talks.map((talk) => talk.paperId))).not.toContain(
      papers.second,
    );
    // Still in the draft, still flagged, until an organiser takes it out.
    expect((await draft()).warnings.map((warning) => warning.kind)).toContain('not_accepted');
  });

  it('publishes one version at a time, and never a version in which nothing changed', async () => {
    const edition = async () =>
      ((await t.app.inject({ method: 'GET', url: `${API}/programme` })).json().programme as PublishedProgramme).edition;
    // The declined paper was never in version 3: taking it out of the draft changes nothing published.
    await send('POST', `/papers/${papers.second}/remove`, { version });
    const unchanged = await send('POST', '/publish', { version, confirmWarnings: true });
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json().message).toBe('Nothing has changed since version 3.');
    expect(await edition()).toBe(3);

    // A room renamed is a change, which two organisers publish at the same moment.
    const room = (await draft()).rooms.find((r) => r.name === 'Seminar Room 2')!;
    await send('PUT', `/rooms/${room._id}`, { name: 'Sala seminaryjna 2 (Łódź)', capacity: room.capacity, version });
    const both = await Promise.all(
      [admin, other].map((who) => send('POST', '/publish', { version, confirmWarnings: true }, who)),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((res) => res.statusCode === 409)!.json().message).toBe('Nothing has changed since version 4.');
    expect(await edition()).toBe(4);
    const again = await send('POST', '/publish', { version, confirmWarnings: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Nothing has changed since version 4.');
    expect((await draft()).published).toBe(4);
  });

  it('answers visitors before the first publication with nothing, and keeps the draft to organisers', async () => {
    const fresh = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    try {
      const res = await fresh.app.inject({ method: 'GET', url: `${API}/programme` });
      expect(res.json()).toEqual({ success: true, programme: null });
      const author = await createTestUser(fresh.app);
      const asAuthor = await fresh.app.inject({
        method: 'GET',
        url: `${API}/admin/programme`,
        headers: { cookie: author.cookie },
      });
      expect(asAuthor.statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});

describe('a first draft in one click', () => {
  it('fills the rooms’ free slots with the accepted papers not yet placed, and says what it did', async () => {
    const t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    try {
      const admin = await createTestUser(t.app, { role: 'admin' });
      let version = 0;
      const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
        const res = await t.app.inject({
          method,
          url: `${API}/admin/programme${path}`,
          headers: { cookie: admin.cookie },
          payload: payload && { version, ...payload },
        });
        if (res.statusCode === 200) version = (res.json().programme as ProgrammeDraft).version;
        return res;
      };
      const accept = async (title: string, theme: string, mode = 'Oral') => {
        const author = await createTestUser(t.app);
        const id = (await createTestPaper(t.app, author, { title, theme, modeOfPresentation: mode }))._id;
        await t.app.inject({
          method: 'PUT',
          url: `${API}/admin/papers/${id}/status`,
          headers: { cookie: admin.cookie },
          payload: { status: 'abstract_accepted', review: 'Accepted.' },
        });
      };
      for (const n of [1, 2, 3, 4]) await accept(`Dòng chảy ${n}`, 'Aerodynamics and Fluid Mechanics');
      await accept('Поршневые двигатели', 'Propulsion and Combustion');
      await accept('Belki kompozytowe', 'Solid Mechanics and Dynamics', 'Poster (Only for Students)');

      const noRooms = await call('POST', '/draft', {});
      expect(noRooms.statusCode).toBe(409);
      expect(noRooms.json().message).toBe(PROGRAMME_TEXTS.roomsFirst);
      await call('POST', '/rooms', { name: 'Aula Magna', capacity: 500 });
      await call('POST', '/rooms', { name: 'Sala 2', capacity: 80 });
      const outside = await call('POST', '/draft', { slots: [{ startsAt: at(9, '09:00'), endsAt: at(9, '10:00') }] });
      expect(outside.json().message).toBe(PROGRAMME_TEXTS.slotOutside);

      const drafted = await call('POST', '/draft', {});
      expect(drafted.statusCode, drafted.body).toBe(200);
      expect(drafted.json().message).toBe(PROGRAMME_TEXTS.drafted(2, 6));
      expect(drafted.json().summary).toEqual([
        'Aerodynamics and Fluid Mechanics: 4 papers in one session.',
        'Propulsion and Combustion (1): too few for a session, joined “Aerodynamics and Fluid Mechanics”.',
        '1 poster in one poster session.',
      ]);
      const programme = drafted.json().programme as ProgrammeDraft;
      const oral = programme.sessions.find((s) => s.kind === 'oral')!;
      // The first slot of the first day (09:30, after the 09:00 start), first room, 15-minute talks.
      expect(oral).toMatchObject({ title: 'Aerodynamics and Fluid Mechanics · Propulsion and Combustion' });
      expect(oral.startsAt).toBe(new Date(at(4, '09:30')).toISOString());
      expect(oral.talks.map((talk) => talk.minutes)).toEqual([15, 15, 15, 15, 15]);
      expect(programme.sessions.find((s) => s.kind === 'poster')!.talks[0]).toMatchObject({ board: 'P1' });
      expect(programme.warnings).toEqual([]);

      const again = await call('POST', '/draft', {});
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PROGRAMME_TEXTS.nothingToDraft);
    } finally {
      await t.close();
    }
  });
  it('keeps an author of papers in two themes out of parallel sessions', async () => {
    const t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    try {
      const admin = await createTestUser(t.app, { role: 'admin' });
      let version = 0;
      const call = async (path: string, payload: object) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `${API}/admin/programme${path}`,
          headers: { cookie: admin.cookie },
          payload: { version, ...payload },
        });
        expect(res.statusCode, res.body).toBe(200);
        version = (res.json().programme as ProgrammeDraft).version;
        return res.json().programme as ProgrammeDraft;
      };
      // Six talks a theme fill a 90-minute slot each; Đặng Thu Hà writes in both themes.
      for (const theme of ['Aerodynamics and Fluid Mechanics', 'Propulsion and Combustion'])
        for (const n of [1, 2, 3, 4, 5, 6]) {
          const author = await createTestUser(t.app);
          const names = n === 1 ? ['Đặng Thu Hà', `Author ${theme} ${n}`] : [`Author ${theme} ${n}`];
          const id = (
            await createTestPaper(t.app, author, {
              title: `${theme} ${n}`,
              theme,
              authors: authorsOf(...names.map((name): [string, string] => [name, 'HUST'])),
            })
          )._id;
          await t.app.inject({
            method: 'PUT',
            url: `${API}/admin/papers/${id}/status`,
            headers: { cookie: admin.cookie },
            payload: { status: 'abstract_accepted', review: 'Accepted.' },
          });
        }
      await call('/rooms', { name: 'Aula Magna', capacity: 500 });
      await call('/rooms', { name: 'Sala 2', capacity: 80 });
      const programme = await call('/draft', {});
      const oral = programme.sessions.filter((session) => session.kind === 'oral');
      expect(oral).toHaveLength(2);
      // Two rooms were free at 09:30, but not for the same author twice: the second theme waits.
      expect(oral[0]!.startsAt).not.toBe(oral[1]!.startsAt);
      expect(programme.warnings).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
