import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '@shared/schemas/notification.ts';
import type { ProgrammeDraft } from '@shared/schemas/programme.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';

// The test server's conference: 4-6 January 2100 (OPEN_DEADLINES), in IST.
const at = (day: number, clock: string) => `2100-01-0${day}T${clock}:00+05:30`;

describe('the authors’ e-mails when the programme is published', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  let version = 0;
  const authors: TestUser[] = [];
  const paperIds: string[] = [];
  let morning = '';
  let afternoon = '';

  beforeAll(async () => {
    t = await createTestAppWithMail({ conferenceDates: OPEN_DEADLINES, publicUrl: 'https://conference.example' });
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const [title, name] of [
      ['Ударные волны в соплах', 'Алексей Петров'],
      ['प्रक्षोभ का प्रतिरूपण', 'अनन्या शर्मा'],
    ] as const) {
      const author = await createTestUser(t.app, { username: name });
      const id = (
        await createTestPaper(t.app, author, {
          title,
          authors: JSON.stringify([{ name, affiliation: 'IIT', address: 'IIT' }]),
        })
      )._id;
      await t.app.inject({
        method: 'PUT',
        url: `${API}/admin/papers/${id}/status`,
        headers: { cookie: admin.cookie },
        payload: { status: 'abstract_accepted', review: 'Accepted.' },
      });
      authors.push(author);
      paperIds.push(id);
    }
    const roomId = (await edit('POST', '/rooms', { name: 'Hall Ω', capacity: 100 })).rooms[0]!._id;
    const session = async (title: string, starts: string, ends: string) =>
      (
        await edit('POST', '/sessions', { title, kind: 'oral', theme: null, roomId, startsAt: starts, endsAt: ends })
      ).sessions.find((s) => s.title === title)!._id;
    morning = await session('Shocks', at(4, '10:00'), at(4, '11:00'));
    afternoon = await session('Turbulence', at(5, '14:00'), at(5, '15:00'));
    for (const paperId of paperIds) await edit('PUT', `/papers/${paperId}`, { sessionId: morning });
  });
  afterAll(() => t.close());

  async function edit(method: 'POST' | 'PUT', path: string, body: object): Promise<ProgrammeDraft> {
    const res = await t.app.inject({
      method,
      url: `${API}/admin/programme${path}`,
      headers: { cookie: admin.cookie },
      payload: { chairs: [], ...body, version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const programme = res.json().programme as ProgrammeDraft;
    version = programme.version;
    return programme;
  }
  const publish = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/programme/publish`,
      headers: { cookie: admin.cookie },
      payload: { version, confirmWarnings: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The programme's mails that have arrived for an author (not the acceptance), parsed. */
  const mailsTo = async (author: TestUser) =>
    (
      await Promise.all(
        t.smtp.inbox.filter((mail) => mail.to.includes(author.user.email)).map((mail) => PostalMime.parse(mail.raw)),
      )
    ).filter((mail) => mail.subject?.includes('Your presentation'));

  it('sends each author one e-mail with the day, time, room and session, and the talk as a calendar entry', async () => {
    await publish();
    await vi.waitFor(async () => expect((await mailsTo(authors[1]!)).length).toBe(1), { timeout: 15_000 });
    const [mail] = await mailsTo(authors[1]!);
    expect(mail!.subject).toBe('ICTACEM 2025: Your presentation is scheduled');
    expect(mail!.text).toContain('Hello अनन्या शर्मा,');
    // The second talk of the session: 10:15 to 10:30 IST.
    expect(mail!.text).toContain('“प्रक्षोभ का प्रतिरूपण” is scheduled for 4 January 2100, 10:15–10:30 IST, Hall Ω');
    expect(mail!.text).toContain('in the oral session “Shocks”');
    const calendar = mail!.attachments.find((file) => file.mimeType === 'text/calendar')!;
    expect(calendar.filename).toBe('ictacem-presentation.ics');
    const content =
      typeof calendar.content === 'string' ? calendar.content : new TextDecoder().decode(calendar.content);
    const events = new ICAL.Component(ICAL.parse(content)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(1);
    expect(events[0]!.uid).toBe(`${paperIds[1]}@conference.example`);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(new Date(at(4, '10:15')).toISOString());
    expect(events[0]!.location).toBe('Hall Ω');
    expect((await mailsTo(authors[0]!)).map((m) => m.subject)).toEqual([
      'ICTACEM 2025: Your presentation is scheduled',
    ]);
  });

  it('tells the author in the site too, linking to the calendar entry instead of claiming an attachment', async () => {
    const listed = await t.app.inject({
      method: 'GET',
      url: `${API}/notifications`,
      headers: { cookie: authors[1]!.cookie },
    });
    const notice = (listed.json().data.notifications as NotificationView[]).find(
      (n) => n.title === 'Your presentation is scheduled',
    )!;
    expect(notice.message).toContain('“प्रक्षोभ का प्रतिरूपण” is scheduled for 4 January 2100');
    expect(notice.message).not.toContain('attached');
    expect(notice.message).toContain('“Add to calendar” below');
    const url = `${API}/programme/events/${paperIds[1]}/calendar.ics`;
    expect(notice.link).toEqual({ kind: 'file', label: 'Add to calendar', url });
    const calendar = await t.app.inject({ method: 'GET', url });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.body).toContain(`UID:${paperIds[1]}@conference.example`);
  });

  it('writes again only to the author whose talk moved, saying where it was, and to one taken out, without an entry', async () => {
    await edit('PUT', `/papers/${paperIds[0]}`, { sessionId: afternoon });
    await publish();
    await vi.waitFor(async () => expect((await mailsTo(authors[0]!)).length).toBe(2), { timeout: 15_000 });
    const moved = (await mailsTo(authors[0]!))[1]!;
    expect(moved.subject).toBe('ICTACEM 2025: Your presentation has moved');
    expect(moved.text).toContain('scheduled for 5 January 2100, 14:00–14:15 IST, Hall Ω');
    expect(moved.text).toContain('It was at 4 January 2100 10:00 IST, Hall Ω.');
    // The other talk moved up to 10:00 when the first left: its author hears of it too.
    await vi.waitFor(async () => expect((await mailsTo(authors[1]!)).length).toBe(2), { timeout: 15_000 });
    expect((await mailsTo(authors[1]!))[1]!.text).toContain('10:00–10:15 IST');

    await t.app.inject({
      method: 'POST',
      url: `${API}/admin/programme/papers/${paperIds[0]}/remove`,
      headers: { cookie: admin.cookie },
      payload: { version },
    });
    version += 1;
    await publish();
    await vi.waitFor(async () => expect((await mailsTo(authors[0]!)).length).toBe(3), { timeout: 15_000 });
    const removed = (await mailsTo(authors[0]!))[2]!;
    expect(removed.subject).toBe('ICTACEM 2025: Your presentation is no longer in the programme');
    expect(removed.attachments).toEqual([]);
    const mine = await t.app.inject({
      method: 'GET',
      url: `${API}/programme/mine`,
      headers: { cookie: authors[0]!.cookie },
    });
    expect(mine.json().presentation).toBeNull();
    expect((await mailsTo(authors[1]!)).length).toBe(2);
  });
});
