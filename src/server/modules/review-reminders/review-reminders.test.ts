import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMITTEE_NOTICE_TEXTS, COMMITTEE_NOTICE_TITLES } from '@shared/domain/committee-notices.ts';
import { REVIEW_REMINDER_TEXTS } from '@shared/domain/review-reminders.ts';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import type { AutomaticReminders } from '@shared/schemas/review-reminders.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';
import { sendDueReminders } from './review-reminders.service.ts';

const FLUIDS = 'Aerodynamics and Fluid Mechanics';
const DAY_MS = 24 * 60 * 60_000;
const deadline = new Date(OPEN_DEADLINES.reviewDeadline).getTime();
const daysBefore = (days: number, hours = 0) => new Date(deadline - days * DAY_MS + hours * 60 * 60_000);

describe('automatic reminders before the review deadline', () => {
  let t: TestAppWithMail;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestAppWithMail({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    const memberIds: string[] = [];
    for (const name of ['Đặng Thị Mai', 'Олена Коваленко'])
      memberIds.push((await createTestMember(t.app, { name, themes: [FLUIDS] })).memberId);
    const author = await createTestUser(t.app, { username: 'Wiesław Żak' });
    const paper = await createTestPaper(t.app, author, { title: 'Ciśnienie w szczelinie', theme: FLUIDS });
    const assigned = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/assignments`,
      headers: { cookie: admin.cookie },
      payload: { paperIds: [paper._id], memberIds },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  });
  afterAll(() => t.close());

  const setting = async (automatic?: boolean) => {
    const res = await t.app.inject({
      method: automatic === undefined ? 'GET' : 'PUT',
      url: `${API}/admin/committee/automatic-reminders`,
      headers: { cookie: admin.cookie },
      payload: automatic === undefined ? undefined : { automatic },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { message?: string; reminders: AutomaticReminders };
  };
  const remindersArrived = () => t.smtp.inbox.filter((mail) => mail.raw.includes('still to submit')).length;
  const waitForReminders = async (count: number) => {
    for (let i = 0; i < 100 && remindersArrived() < count; i += 1) await new Promise((r) => setTimeout(r, 50));
    return remindersArrived();
  };

  it('is off until an organiser turns it on, and sends nothing while off', async () => {
    const { reminders } = await setting();
    expect(reminders.automatic).toBe(false);
    expect(reminders.rounds.map((round) => [round.daysBefore, round.dueAt, round.sentAt])).toEqual([
      [3, daysBefore(3).toISOString(), null],
      [1, daysBefore(1).toISOString(), null],
    ]);
    expect(await sendDueReminders(t.app.ctx, daysBefore(2))).toBeUndefined();
    const on = await setting(true);
    expect(on.message).toBe(REVIEW_REMINDER_TEXTS.turnedOn);
    expect(on.reminders.automatic).toBe(true);
  });

  it('sends each round once, at its time, whatever the number of processes asking', async () => {
    expect(await sendDueReminders(t.app.ctx, daysBefore(3, -1))).toBeUndefined();
    // Two processes at the same moment: one round, one e-mail per member.
    const [first, second] = await Promise.all([
      sendDueReminders(t.app.ctx, daysBefore(3, 1)),
      sendDueReminders(t.app.ctx, daysBefore(3, 1)),
    ]);
    expect([first, second].filter(Boolean)).toEqual([{ daysBefore: 3, members: 2 }]);
    expect(await waitForReminders(2)).toBe(2);
    expect(await sendDueReminders(t.app.ctx, daysBefore(2))).toBeUndefined();

    expect(await sendDueReminders(t.app.ctx, daysBefore(1, 2))).toEqual({ daysBefore: 1, members: 2 });
    expect(await waitForReminders(4)).toBe(4);
    expect(await sendDueReminders(t.app.ctx, daysBefore(0, -1))).toBeUndefined();
    expect(await sendDueReminders(t.app.ctx, daysBefore(0, 1))).toBeUndefined();
    const { reminders } = await setting();
    expect(reminders.rounds.map((round) => [round.daysBefore, round.members, round.sentAt !== null])).toEqual([
      [3, 2, true],
      [1, 2, true],
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(remindersArrived()).toBe(4);
  });

  it('turned off, sends no more', async () => {
    expect((await setting(false)).message).toBe(REVIEW_REMINDER_TEXTS.turnedOff);
    expect((await setting()).reminders.automatic).toBe(false);
  });
});

describe('late reviews in the committee table', () => {
  it('counts a member’s unsubmitted reviews once the review deadline has passed, and only then', async () => {
    const lateCounts = async (reviewDeadline: string) => {
      const t = await createTestApp({
        conferenceDates: { ...OPEN_DEADLINES, biddingCloses: '2025-07-21T12:00:00+05:30', reviewDeadline },
      });
      try {
        const admin = await createTestUser(t.app, { role: 'admin' });
        const member = await createTestMember(t.app, { name: 'राहुल वर्मा', themes: [FLUIDS] });
        const author = await createTestUser(t.app);
        const paper = await createTestPaper(t.app, author, { title: 'Sóng nội trong đại dương', theme: FLUIDS });
        await t.app.inject({
          method: 'POST',
          url: `${API}/admin/assignments`,
          headers: { cookie: admin.cookie },
          payload: { paperIds: [paper._id], memberIds: [member.memberId] },
        });
        const res = await t.app.inject({
          method: 'GET',
          url: `${API}/admin/committee`,
          headers: { cookie: admin.cookie },
        });
        const listed = (res.json().members as { _id: string; assigned: number; late: number }[]).find(
          (m) => m._id === member.memberId,
        )!;
        return [listed.assigned, listed.late];
      } finally {
        await t.close();
      }
    };
    expect(await lateCounts('2025-07-22T00:00:00+05:30')).toEqual([1, 1]);
    expect(await lateCounts(OPEN_DEADLINES.reviewDeadline)).toEqual([1, 0]);
  });
});

describe('reminders without a mail server', () => {
  it('reach members in the site, by hand and automatically, and say so', async () => {
    const t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    try {
      const admin = await createTestUser(t.app, { role: 'admin' });
      const member = await createTestMember(t.app, { name: 'Nguyễn Thị Hoa', themes: [FLUIDS] });
      const author = await createTestUser(t.app, { username: 'Ярослав Мельник' });
      const paper = await createTestPaper(t.app, author, { title: 'Вихри за крылом', theme: FLUIDS });
      await t.app.inject({
        method: 'POST',
        url: `${API}/admin/assignments`,
        headers: { cookie: admin.cookie },
        payload: { paperIds: [paper._id], memberIds: [member.memberId] },
      });
      const reminders = async () =>
        (
          (
            await t.app.inject({
              method: 'GET',
              url: `${API}/notifications`,
              headers: { cookie: member.account.cookie },
            })
          ).json().data.notifications as { title: string; message: string }[]
        ).filter((n) => n.title === COMMITTEE_NOTICE_TITLES.reminder);

      const byHand = await t.app.inject({
        method: 'POST',
        url: `${API}/admin/committee/reminders`,
        headers: { cookie: admin.cookie },
      });
      expect(byHand.statusCode, byHand.body).toBe(200);
      expect(byHand.json().message).toBe(REVIEW_TEXTS.remindedInSite(1));
      expect((await reminders()).map((n) => n.message)).toEqual([
        COMMITTEE_NOTICE_TEXTS.reminder(OPEN_DEADLINES.reviewDeadline, ['Вихри за крылом']),
      ]);

      const res = await t.app.inject({
        method: 'PUT',
        url: `${API}/admin/committee/automatic-reminders`,
        headers: { cookie: admin.cookie },
        payload: { automatic: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().reminders.byEmail).toBe(false);
      expect(await sendDueReminders(t.app.ctx, daysBefore(3, 1))).toEqual({ daysBefore: 3, members: 1 });
      expect(await reminders()).toHaveLength(2);

      const asAuthor = await t.app.inject({
        method: 'GET',
        url: `${API}/admin/committee/automatic-reminders`,
        headers: { cookie: author.cookie },
      });
      expect(asAuthor.statusCode).toBe(403);
      const remindAsAuthor = await t.app.inject({
        method: 'POST',
        url: `${API}/admin/committee/reminders`,
        headers: { cookie: author.cookie },
      });
      expect(remindAsAuthor.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
