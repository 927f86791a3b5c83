import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcedDates } from '@shared/domain/deadlines.ts';
import { loadConfig } from '@server/config.ts';
import { conferenceDays, datesToShow } from './deadlines.service.ts';
import { auditLog, papers, storedFiles } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, submissionFields, type TestUser } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

/** 15 October 2025 23:59:59 IST. */
const ABSTRACT_DEADLINE = '2025-10-15T23:59:59+05:30';
const PAYMENT_DEADLINE = '2025-11-30T23:59:59+05:30';
const FULL_PAPER_DEADLINE = '2025-12-10T23:59:59+05:30';
const ABSTRACT_PASSED = 'The extended abstract deadline, 15 October 2025 23:59 IST, has passed.';
const PAYMENT_PASSED = 'The payment deadline, 30 November 2025 23:59 IST, has passed.';
const FULL_PAPER_PASSED = 'The full paper deadline, 10 December 2025 23:59 IST, has passed.';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const at = (iso: string, offsetMs = 0) => new Date(Date.parse(iso) + offsetMs);

/** An app whose clock the test sets: `clock.now = ...` moves it, no sleeping. */
async function appWithClock(options: { graceMinutes?: number } = {}) {
  const clock = { now: at(ABSTRACT_DEADLINE, -DAY) };
  const t = await createTestApp({
    now: () => clock.now,
    conferenceDates: {
      abstractDeadline: ABSTRACT_DEADLINE,
      paymentDeadline: PAYMENT_DEADLINE,
      fullPaperDeadline: FULL_PAPER_DEADLINE,
    },
    deadlineGraceMs: (options.graceMinutes ?? 0) * MINUTE,
  });
  return { t, clock };
}

function submitAbstract(t: TestApp, author: TestUser) {
  const body = multipart(submissionFields(), [{ field: 'paperPdf', name: 'abstract.pdf', content: pdfBytes() }]);
  return t.app.inject({
    method: 'POST',
    url: `${API}/papers/submit`,
    headers: { ...body.headers, cookie: author.cookie },
    payload: body.payload,
  });
}

function reupload(t: TestApp, author: TestUser, paperId: string) {
  const body = multipart({}, [{ field: 'paperPdf', name: 'v2.pdf', content: pdfBytes('v2') }]);
  return t.app.inject({
    method: 'POST',
    url: `${API}/papers/${paperId}/re-upload-abstract`,
    headers: { ...body.headers, cookie: author.cookie },
    payload: body.payload,
  });
}

let paymentSerial = 0;

/** One payment pays for one paper: each call brings a new ID unless one is given. */
function pay(t: TestApp, author: TestUser, paperId: string, paymentId = `PAY-2025-${++paymentSerial}`) {
  return t.app.inject({
    method: 'PATCH',
    url: `${API}/papers/${paperId}/payment`,
    headers: { cookie: author.cookie },
    payload: { paymentId },
  });
}

function uploadFullPaper(t: TestApp, author: TestUser, paperId: string) {
  const body = multipart({}, [{ field: 'fullPaperPdf', name: 'full.pdf', content: pdfBytes('full') }]);
  return t.app.inject({
    method: 'POST',
    url: `${API}/papers/${paperId}/full-paper`,
    headers: { ...body.headers, cookie: author.cookie },
    payload: body.payload,
  });
}

async function storedFilesOf(t: TestApp, user: TestUser): Promise<number> {
  const [row] = await t.app.ctx.db
    .select({ n: count() })
    .from(storedFiles)
    .where(eq(storedFiles.uploadedBy, user.user._id));
  return row!.n;
}

describe('deadlines: the dates the site shows are the dates it keeps', () => {
  let t: TestApp;
  let clock: { now: Date };
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, clock } = await appWithClock());
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { cookie: admin.cookie }, payload });

  async function setStatus(paperId: string, status: string) {
    const res = await asAdmin('PUT', `/admin/papers/${paperId}/status`, { status, review: '' });
    expect(res.statusCode).toBe(200);
  }

  /** A paper submitted before the abstract deadline, accepted; optionally paid. */
  async function acceptedPaper(options: { paid?: boolean } = {}) {
    clock.now = at(ABSTRACT_DEADLINE, -DAY);
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    await setStatus(paper._id, 'abstract_accepted');
    if (options.paid) expect((await pay(t, author, paper._id)).statusCode).toBe(200);
    return { author, paperId: paper._id };
  }

  it('serves every date publicly, as configured and as announced, with their offsets', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/settings/deadlines` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dates).toEqual({
      ...announcedDates(),
      abstractDeadline: ABSTRACT_DEADLINE,
      paymentDeadline: PAYMENT_DEADLINE,
      fullPaperDeadline: FULL_PAPER_DEADLINE,
    });
    expect(body.timeZoneName).toBe('IST');
  });

  it('takes a new abstract one second before the deadline and refuses it one second after, storing nothing', async () => {
    const early = await createTestUser(t.app);
    clock.now = at(ABSTRACT_DEADLINE, -SECOND);
    expect((await submitAbstract(t, early)).statusCode).toBe(201);

    const late = await createTestUser(t.app);
    clock.now = at(ABSTRACT_DEADLINE, SECOND);
    const res = await submitAbstract(t, late);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ABSTRACT_PASSED);
    const [row] = await t.app.ctx.db.select({ n: count() }).from(papers).where(eq(papers.userId, late.user._id));
    expect(row!.n).toBe(0);
    expect(await storedFilesOf(t, late)).toBe(0);
  });

  it('takes the whole deadline second, to its last millisecond', async () => {
    clock.now = at(ABSTRACT_DEADLINE);
    expect((await submitAbstract(t, await createTestUser(t.app))).statusCode).toBe(201);
    clock.now = at(ABSTRACT_DEADLINE, 999);
    expect((await submitAbstract(t, await createTestUser(t.app))).statusCode).toBe(201);
    clock.now = at(ABSTRACT_DEADLINE, 1000);
    expect((await submitAbstract(t, await createTestUser(t.app))).statusCode).toBe(403);
  });

  it('refuses an abstract before submission opens', async () => {
    clock.now = at(announcedDates().abstractOpens, -SECOND);
    const res = await submitAbstract(t, await createTestUser(t.app));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Extended abstract submission opens on 21 July 2025 00:00 IST.');
  });

  it('keeps the payment deadline to the second', async () => {
    const onTime = await acceptedPaper();
    clock.now = at(PAYMENT_DEADLINE, -SECOND);
    expect((await pay(t, onTime.author, onTime.paperId, 'PAY-ON-TIME-1')).statusCode).toBe(200);

    const late = await acceptedPaper();
    clock.now = at(PAYMENT_DEADLINE, SECOND);
    const res = await pay(t, late.author, late.paperId, 'PAY-LATE-1');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PAYMENT_PASSED);
    const [paper] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, late.paperId));
    expect(paper!.paymentId).not.toBe('PAY-LATE-1');
  });

  it('keeps the full paper deadline to the second, storing nothing', async () => {
    const onTime = await acceptedPaper({ paid: true });
    clock.now = at(FULL_PAPER_DEADLINE, -SECOND);
    expect((await uploadFullPaper(t, onTime.author, onTime.paperId)).statusCode).toBe(200);

    const late = await acceptedPaper({ paid: true });
    const filesBefore = await storedFilesOf(t, late.author);
    clock.now = at(FULL_PAPER_DEADLINE, SECOND);
    const res = await uploadFullPaper(t, late.author, late.paperId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FULL_PAPER_PASSED);
    expect(await storedFilesOf(t, late.author)).toBe(filesBefore);
  });

  it("a state refusal stays a 409: the clock is asked only of steps the paper's state allows", async () => {
    clock.now = at(ABSTRACT_DEADLINE, -DAY);
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    clock.now = at(PAYMENT_DEADLINE, DAY);
    const res = await pay(t, author, paper._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A payment ID can be added only after the abstract is accepted.');
  });

  describe('a per-paper extension', () => {
    const EXTENDED_UNTIL = '2025-12-20T18:00:00+05:30';

    it('lets that paper upload its full paper after the deadline, until the extension ends', async () => {
      const { author, paperId } = await acceptedPaper({ paid: true });
      const other = await acceptedPaper({ paid: true });
      clock.now = at(FULL_PAPER_DEADLINE, DAY);

      const granted = await asAdmin('POST', `/admin/papers/${paperId}/deadline-extensions`, {
        step: 'fullPaper',
        closesAt: EXTENDED_UNTIL,
        reason: 'Travel grant delayed',
      });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().paper.deadlines.fullPaper).toEqual({ closesAt: EXTENDED_UNTIL, extended: true });

      // The author sees it, and is told.
      const own = await t.app.inject({
        method: 'GET',
        url: `${API}/papers/${paperId}`,
        headers: { cookie: author.cookie },
      });
      expect(own.json().paper.deadlines.fullPaper).toEqual({ closesAt: EXTENDED_UNTIL, extended: true });
      const inbox = await t.app.inject({
        method: 'GET',
        url: `${API}/notifications`,
        headers: { cookie: author.cookie },
      });
      expect(JSON.stringify(inbox.json())).toContain('extended for you until 20 December 2025 18:00 IST');

      // On the timeline, with who, why and until when.
      const timeline = (await asAdmin('GET', `/admin/papers/${paperId}/timeline`)).json().timeline as {
        action: string;
        reason: string | null;
        openUntil: string | null;
      }[];
      expect(timeline.find((e) => e.action === 'deadline_extended')).toMatchObject({
        label: 'Deadline extended: full paper',
        reason: 'Travel grant delayed',
        openUntil: EXTENDED_UNTIL,
      });

      // Everyone else keeps the conference's deadline.
      expect((await uploadFullPaper(t, other.author, other.paperId)).statusCode).toBe(403);
      clock.now = at(EXTENDED_UNTIL, -SECOND);
      expect((await uploadFullPaper(t, author, paperId)).statusCode).toBe(200);
    });

    it('ends to the second', async () => {
      const { author, paperId } = await acceptedPaper({ paid: true });
      clock.now = at(FULL_PAPER_DEADLINE, DAY);
      const granted = await asAdmin('POST', `/admin/papers/${paperId}/deadline-extensions`, {
        step: 'fullPaper',
        closesAt: EXTENDED_UNTIL,
        reason: 'Illness',
      });
      expect(granted.statusCode).toBe(200);
      clock.now = at(EXTENDED_UNTIL, SECOND);
      const res = await uploadFullPaper(t, author, paperId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('The full paper deadline, 20 December 2025 18:00 IST, has passed.');
    });

    it('refuses bad input with a clear 400 and changes nothing', async () => {
      const { paperId } = await acceptedPaper({ paid: true });
      clock.now = at(FULL_PAPER_DEADLINE, DAY);
      const entriesBefore = await timelineLength(paperId);
      const cases: [Record<string, unknown>, string][] = [
        [
          { step: 'fullPaper', closesAt: at(FULL_PAPER_DEADLINE).toISOString(), reason: 'x' },
          'The extension must end in the future.',
        ],
        [
          { step: 'fullPaper', closesAt: '2025-12-20 18:00', reason: 'x' },
          'The extension: enter a date and time in ISO 8601 with its offset, e.g. 2025-10-15T23:59:59+05:30.',
        ],
        [{ step: 'fullPaper', closesAt: EXTENDED_UNTIL, reason: '  ' }, 'Please give a reason for the extension.'],
        // Paid already: there is no payment left to extend.
        [{ step: 'payment', closesAt: EXTENDED_UNTIL, reason: 'x' }, 'This paper has no such step to extend.'],
      ];
      for (const [payload, message] of cases) {
        const res = await asAdmin('POST', `/admin/papers/${paperId}/deadline-extensions`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await timelineLength(paperId)).toBe(entriesBefore);
      const own = await asAdmin('GET', `/admin/papers/${paperId}`);
      expect(own.json().paper.deadlines.fullPaper).toEqual({ closesAt: FULL_PAPER_DEADLINE, extended: false });
    });

    it('never takes time away: a date before the current deadline is refused', async () => {
      const { paperId } = await acceptedPaper({ paid: true });
      clock.now = at(FULL_PAPER_DEADLINE, -5 * DAY);
      const extend = (closesAt: string) =>
        asAdmin('POST', `/admin/papers/${paperId}/deadline-extensions`, { step: 'fullPaper', closesAt, reason: 'x' });
      const beforeConference = await extend('2025-12-08T23:59:59+05:30');
      expect(beforeConference.statusCode).toBe(400);
      expect(beforeConference.json().message).toBe(
        "The extension must end after this paper's current deadline, 10 December 2025 23:59 IST.",
      );
      expect((await extend(EXTENDED_UNTIL)).statusCode).toBe(200);
      const shorter = await extend('2025-12-15T12:00:00+05:30');
      expect(shorter.statusCode).toBe(400);
      expect(shorter.json().message).toBe(
        "The extension must end after this paper's current deadline, 20 December 2025 18:00 IST.",
      );
      const later = await extend('2025-12-22T18:00:00+0530');
      expect(later.statusCode).toBe(200);
      // Written with a colon whatever form it came in: every browser reads that one.
      expect(later.json().paper.deadlines.fullPaper).toEqual({ closesAt: '2025-12-22T18:00:00+05:30', extended: true });
    });

    it('is for admins only', async () => {
      const { author, paperId } = await acceptedPaper({ paid: true });
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/admin/papers/${paperId}/deadline-extensions`,
        headers: { cookie: author.cookie },
        payload: { step: 'fullPaper', closesAt: EXTENDED_UNTIL, reason: 'mine' },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  async function timelineLength(paperId: string): Promise<number> {
    const [row] = await t.app.ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.paperId, paperId));
    return row!.n;
  }

  describe('an admin reset reopens the upload for that paper', () => {
    it('without a date: the re-upload is open after the abstract deadline until it is done', async () => {
      clock.now = at(ABSTRACT_DEADLINE, -DAY);
      const author = await createTestUser(t.app);
      const paper = await createTestPaper(t.app, author);
      clock.now = at(ABSTRACT_DEADLINE, 10 * DAY);
      const reset = await asAdmin('PUT', `/admin/papers/${paper._id}/toggle-abstract`, {
        resetAbstract: true,
        reason: 'Wrong template',
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().paper.deadlines.abstract).toBeNull();
      expect((await reupload(t, author, paper._id)).statusCode).toBe(200);
    });

    it('with a date: open until then, refused after', async () => {
      clock.now = at(ABSTRACT_DEADLINE, -DAY);
      const author = await createTestUser(t.app);
      const paper = await createTestPaper(t.app, author);
      clock.now = at(ABSTRACT_DEADLINE, 10 * DAY);
      const until = '2025-10-30T12:00:00+05:30';
      const reset = await asAdmin('PUT', `/admin/papers/${paper._id}/toggle-abstract`, {
        resetAbstract: true,
        reason: 'Figures unreadable',
        reuploadUntil: until,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().paper.deadlines.abstract).toEqual({ closesAt: until, extended: true });
      clock.now = at(until, SECOND);
      const res = await reupload(t, author, paper._id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('The extended abstract deadline, 30 October 2025 12:00 IST, has passed.');
      clock.now = at(until, -SECOND);
      expect((await reupload(t, author, paper._id)).statusCode).toBe(200);
    });

    it('without a date after one with a date: the earlier date no longer limits the re-upload', async () => {
      clock.now = at(ABSTRACT_DEADLINE, -DAY);
      const author = await createTestUser(t.app);
      const paper = await createTestPaper(t.app, author);
      clock.now = at(ABSTRACT_DEADLINE, 10 * DAY);
      const resetUntil = async (reuploadUntil?: string) =>
        expect(
          (
            await asAdmin('PUT', `/admin/papers/${paper._id}/toggle-abstract`, {
              resetAbstract: true,
              reason: 'Again',
              ...(reuploadUntil ? { reuploadUntil } : {}),
            })
          ).statusCode,
        ).toBe(200);
      await resetUntil('2025-10-30T12:00:00+05:30');
      clock.now = at(ABSTRACT_DEADLINE, 12 * DAY);
      expect((await reupload(t, author, paper._id)).statusCode).toBe(200);
      await resetUntil();
      clock.now = at(ABSTRACT_DEADLINE, 30 * DAY);
      expect((await reupload(t, author, paper._id)).statusCode).toBe(200);
    });

    it('refuses a re-upload date in the past, and the reset with it', async () => {
      clock.now = at(ABSTRACT_DEADLINE, -DAY);
      const author = await createTestUser(t.app);
      const paper = await createTestPaper(t.app, author);
      clock.now = at(ABSTRACT_DEADLINE, 10 * DAY);
      const res = await asAdmin('PUT', `/admin/papers/${paper._id}/toggle-abstract`, {
        resetAbstract: true,
        reason: 'x',
        reuploadUntil: ABSTRACT_DEADLINE,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The extension must end in the future.');
      const own = await asAdmin('GET', `/admin/papers/${paper._id}`);
      expect(own.json().paper.pdfPath).not.toBeNull();
    });
  });

  describe('the Deadlines settings', () => {
    it('changes a date for every page and every rule, and records who changed what', async () => {
      // Still before the notification of acceptance (31 October 2025 00:00 IST).
      const later = '2025-10-30T23:59:59+05:30';
      const saved = await asAdmin('PUT', '/admin/settings/deadlines', { abstractDeadline: later });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().message).toBe('The dates were saved.');
      expect(saved.json().sources.abstractDeadline).toBe('changed');
      expect(saved.json().changes[0]).toMatchObject({
        key: 'abstractDeadline',
        oldValue: ABSTRACT_DEADLINE,
        newValue: later,
        changedBy: 'Test admin',
      });
      const served = await t.app.inject({ method: 'GET', url: `${API}/settings/deadlines` });
      expect(served.json().dates.abstractDeadline).toBe(later);

      clock.now = at(ABSTRACT_DEADLINE, DAY);
      expect((await submitAbstract(t, await createTestUser(t.app))).statusCode).toBe(201);

      const back = await asAdmin('PUT', '/admin/settings/deadlines', { abstractDeadline: ABSTRACT_DEADLINE });
      expect(back.json().changes[0]).toMatchObject({ oldValue: later, newValue: ABSTRACT_DEADLINE });
      expect((await submitAbstract(t, await createTestUser(t.app))).statusCode).toBe(403);
    });

    it('refuses bad dates with a 400 naming the problem, and keeps every date', async () => {
      const before = (await asAdmin('GET', '/admin/settings/deadlines')).json();
      const cases: [Record<string, unknown>, string][] = [
        [
          { abstractDeadline: '2025-10-15T23:59:59' },
          'Last date for extended abstract submission: enter a date and time in ISO 8601 with its offset, e.g. 2025-10-15T23:59:59+05:30.',
        ],
        [
          { notification: '2025-02-31T10:00:00+05:30' },
          'Notification of acceptance: enter a date and time in ISO 8601 with its offset, e.g. 2025-10-15T23:59:59+05:30.',
        ],
        [
          { notification: '2025-11-02T10:00:00+05:30', abstractDeadline: '2025-07-01T00:00:00+05:30' },
          'The extended abstract deadline (1 July 2025 00:00 IST) must be after the opening of extended abstract submission (21 July 2025 00:00 IST).',
        ],
        [
          { earlyBirdCloses: '2025-11-20T23:59:59+05:30' },
          'The start of late registration (16 November 2025 00:00 IST) must be after the close of early-bird registration (20 November 2025 23:59 IST).',
        ],
        // The order of the calendar: each rule broken alone, named with both its dates.
        [
          { abstractDeadline: '2025-11-20T23:59:59+05:30' },
          'The extended abstract deadline (20 November 2025 23:59 IST) must be on or before the notification of acceptance (31 October 2025 00:00 IST).',
        ],
        [
          { notification: '2025-12-01T10:00:00+05:30' },
          'The notification of acceptance (1 December 2025 10:00 IST) must be on or before the payment deadline (30 November 2025 23:59 IST).',
        ],
        [
          { fullPaperDeadline: '2025-10-20T23:59:59+05:30' },
          'The notification of acceptance (31 October 2025 00:00 IST) must be on or before the full paper deadline (20 October 2025 23:59 IST).',
        ],
        [
          { paymentDeadline: '2025-12-16T23:59:59+05:30' },
          'The payment deadline (16 December 2025 23:59 IST) must be on or before the start of ICTACEM 2025 (15 December 2025 09:00 IST).',
        ],
        [
          { conferenceStarts: '2025-12-05T09:00:00+05:30' },
          'The full paper deadline (10 December 2025 23:59 IST) must be on or before the start of ICTACEM 2025 (5 December 2025 09:00 IST).',
        ],
        [
          { conferenceEnds: '2025-12-14T18:00:00+05:30' },
          'The end of ICTACEM 2025 (14 December 2025 18:00 IST) must be after the start of ICTACEM 2025 (15 December 2025 09:00 IST).',
        ],
      ];
      for (const [payload, message] of cases) {
        const res = await asAdmin('PUT', '/admin/settings/deadlines', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const after = (await asAdmin('GET', '/admin/settings/deadlines')).json();
      expect(after.dates).toEqual(before.dates);
      expect(after.changes).toEqual(before.changes);
    });

    it('changes the conference days, for the pages and the history, and keeps them in order with the deadlines', async () => {
      const days = { conferenceStarts: '2025-12-18T09:00:00+05:30', conferenceEnds: '2025-12-20T18:00:00+05:30' };
      const saved = await asAdmin('PUT', '/admin/settings/deadlines', days);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().sources).toMatchObject({ conferenceStarts: 'changed', conferenceEnds: 'changed' });
      expect(saved.json().changes.slice(0, 2)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            key: 'conferenceStarts',
            oldValue: announcedDates().conferenceStarts,
            newValue: days.conferenceStarts,
            changedBy: 'Test admin',
          }),
          expect.objectContaining({ key: 'conferenceEnds', newValue: days.conferenceEnds }),
        ]),
      );
      const served = await t.app.inject({ method: 'GET', url: `${API}/settings/deadlines` });
      expect(served.json().dates).toMatchObject(days);
      expect(await conferenceDays(t.app.ctx)).toBe('18-20 December 2025');

      // A later full paper deadline now fits before the conference; one past its start does not.
      const fits = await asAdmin('PUT', '/admin/settings/deadlines', {
        fullPaperDeadline: '2025-12-17T23:59:59+05:30',
      });
      expect(fits.statusCode, fits.body).toBe(200);
      const moved = await asAdmin('PUT', '/admin/settings/deadlines', {
        conferenceStarts: '2025-12-17T09:00:00+05:30',
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().message).toBe(
        'The full paper deadline (17 December 2025 23:59 IST) must be on or before the start of ICTACEM 2025 (17 December 2025 09:00 IST).',
      );
      expect((await asAdmin('GET', '/admin/settings/deadlines')).json().dates.conferenceStarts).toBe(
        days.conferenceStarts,
      );

      const back = await asAdmin('PUT', '/admin/settings/deadlines', {
        fullPaperDeadline: FULL_PAPER_DEADLINE,
        conferenceStarts: announcedDates().conferenceStarts,
        conferenceEnds: announcedDates().conferenceEnds,
      });
      expect(back.statusCode, back.body).toBe(200);
    });

    it('answers an unchanged save without a history entry', async () => {
      const before = (await asAdmin('GET', '/admin/settings/deadlines')).json();
      // The same instant written in UTC is no change.
      const res = await asAdmin('PUT', '/admin/settings/deadlines', { abstractDeadline: '2025-10-15T18:29:59Z' });
      expect(res.json().message).toBe('No date was changed.');
      expect(res.json().changes).toEqual(before.changes);
    });

    it("reads the dates inside a transaction with it, never waiting for a page's read outside it", async () => {
      // A saved change drops the pages' copy, so the next page read goes to the database.
      expect(
        (await asAdmin('PUT', '/admin/settings/deadlines', { notification: '2025-11-01T10:00:00+05:30' })).statusCode,
      ).toBe(200);
      const inTransaction = t.app.ctx.db.transaction(async (tx) => {
        // On the embedded database this page read waits for the transaction to end.
        const pageRead = t.app.inject({ method: 'GET', url: `${API}/settings/deadlines` });
        await new Promise((resolve) => setTimeout(resolve, 100));
        const dates = await datesToShow(t.app.ctx, tx);
        return { dates, pageRead };
      });
      const stuck = new Promise((_, reject) => setTimeout(() => reject(new Error('deadlocked')), 10_000));
      const { dates, pageRead } = (await Promise.race([inTransaction, stuck])) as Awaited<typeof inTransaction>;
      expect(dates.notification).toBe('2025-11-01T10:00:00+05:30');
      expect((await pageRead).json().dates.notification).toBe('2025-11-01T10:00:00+05:30');
      await asAdmin('PUT', '/admin/settings/deadlines', { notification: announcedDates().notification });
    });

    it('is for admins only', async () => {
      const author = await createTestUser(t.app);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${API}/admin/settings/deadlines`,
        headers: { cookie: author.cookie },
        payload: { abstractDeadline: '2099-01-01T00:00:00+05:30' },
      });
      expect(res.statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: `${API}/settings/deadlines` })).json().dates.abstractDeadline,
      ).toBe(ABSTRACT_DEADLINE);
    });
  });

  it("the dashboard's next deadline counts the papers it still waits for", async () => {
    const waiting = await acceptedPaper({ paid: true });
    clock.now = at(FULL_PAPER_DEADLINE, -5 * DAY);
    const res = await asAdmin('GET', '/admin/next-deadline');
    expect(res.statusCode).toBe(200);
    const { next } = res.json();
    expect(next).toMatchObject({
      step: 'fullPaper',
      closesAt: FULL_PAPER_DEADLINE,
      countLabel: 'accepted papers without a full paper',
      filter: { status: 'abstract_accepted', fullPaper: 'no' },
    });
    const list = await asAdmin('GET', '/admin/papers?status=abstract_accepted&fullPaper=no&limit=100');
    expect(next.count).toBe(list.json().pagination.total);
    expect(list.json().papers.map((p: { _id: string }) => p._id)).toContain(waiting.paperId);

    clock.now = at(FULL_PAPER_DEADLINE, SECOND);
    expect((await asAdmin('GET', '/admin/next-deadline')).json().next).toBeNull();
  });
});

describe('deadlines: the grace period', () => {
  let t: TestApp;
  let clock: { now: Date };

  beforeAll(async () => ({ t, clock } = await appWithClock({ graceMinutes: 15 })));
  afterAll(() => t.close());

  it('takes a step up to the grace period after the deadline, and names the deadline itself after it', async () => {
    clock.now = at(ABSTRACT_DEADLINE, 15 * MINUTE - SECOND);
    expect((await submitAbstract(t, await createTestUser(t.app))).statusCode).toBe(201);
    clock.now = at(ABSTRACT_DEADLINE, 15 * MINUTE + SECOND);
    const res = await submitAbstract(t, await createTestUser(t.app));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ABSTRACT_PASSED);
  });
});

describe('deadlines: starting the site with ABSTRACT_DEADLINE in the past', () => {
  let t: TestApp;

  beforeAll(async () => {
    const configured = loadConfig({ ABSTRACT_DEADLINE: '2025-10-15T23:59:59+05:30' });
    t = await createTestApp({ conferenceDates: configured.conferenceDates });
  });
  afterAll(() => t.close());

  it('refuses a new abstract with the message naming the date, and serves that date to the pages', async () => {
    const res = await submitAbstract(t, await createTestUser(t.app));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ABSTRACT_PASSED);
    const served = await t.app.inject({ method: 'GET', url: `${API}/settings/deadlines` });
    expect(served.json().dates.abstractDeadline).toBe('2025-10-15T23:59:59+05:30');
  });
});
