import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperStatus } from '@shared/constants.ts';
import type { AssignmentPlanView } from '@shared/schemas/assignment.ts';
import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import { mailOutbox, notifications, papers } from '@server/db/schema/index.ts';
import { checkReviewInvariants } from '@server/ops/review-invariants.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';

const THEME = 'Solid Mechanics and Dynamics';

describe('the first reviewer starts a paper’s review', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  const authors: Record<'single' | 'bulk' | 'planned' | 'answering', TestUser> = {} as never;
  const paper: Record<keyof typeof authors, string> = {} as never;
  const member: Record<'ewa' | 'sunil', { id: string; email: string }> = {} as never;

  beforeAll(async () => {
    t = await createTestAppWithMail({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const [key, name, affiliation] of [
      ['single', 'Małgorzata Wójcik', 'Akademia Górniczo-Hutnicza'],
      ['bulk', 'Đặng Quốc Bảo', 'Đại học Quốc gia Thành phố Hồ Chí Minh'],
      ['planned', '李娜', '浙江大学'],
      ['answering', 'Сергей Волков', 'Новосибирский государственный университет'],
    ] as const) {
      authors[key] = await createTestUser(t.app, { username: name });
      paper[key] = (
        await createTestPaper(t.app, authors[key], {
          title: `Fatigue of riveted lap joints (${name})`,
          theme: THEME,
          authors: JSON.stringify([{ name, affiliation, address: 'Campus' }]),
        })
      )._id;
    }
    const answering = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper.answering}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'author_response_awaited', review: 'Please state the load ratio.' },
    });
    expect(answering.statusCode, answering.body).toBe(200);
    for (const [key, name] of [
      ['ewa', 'Ewa Kamińska'],
      ['sunil', 'सुनील वर्मा'],
    ] as const) {
      const { account, memberId } = await createTestMember(t.app, { name, themes: [THEME], maxPapers: 10 });
      member[key] = { id: memberId, email: account.email };
    }
  });
  afterAll(() => t.close());

  const inject = (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { cookie: admin.cookie }, payload });
  const assign = async (papersChosen: (keyof typeof paper)[], members: (keyof typeof member)[]) => {
    const res = await inject('/admin/assignments', {
      paperIds: papersChosen.map((key) => paper[key]),
      memberIds: members.map((key) => member[key].id),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const statusOf = async (key: keyof typeof paper): Promise<PaperStatus> => {
    const [row] = await t.app.ctx.db.select({ status: papers.status }).from(papers).where(eq(papers.id, paper[key]));
    return row!.status;
  };
  const startsOf = async (key: keyof typeof paper) =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/admin/papers/${paper[key]}/timeline`,
          headers: { cookie: admin.cookie },
        })
      ).json().timeline as PaperTimelineEntry[]
    ).filter((entry) => entry.action === 'reviewers_assigned');
  /** What the authors were sent or told: the outbox and the notifications. */
  const toldAuthors = async () => {
    const emails = Object.values(authors).map((author) => author.email);
    const ids = Object.values(authors).map((author) => author.user._id);
    const [mails] = await t.app.ctx.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, emails));
    const [told] = await t.app.ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(inArray(notifications.recipientId, ids));
    return { mails: mails!.n, notifications: told!.n };
  };

  it('moves a paper from Review Awaited to Review in Progress on its first reviewer, telling the author nothing', async () => {
    const before = await toldAuthors();
    await assign(['single'], ['ewa']);
    expect(await statusOf('single')).toBe('review_in_progress');
    const [start, ...more] = await startsOf('single');
    expect(more).toEqual([]);
    expect(start).toMatchObject({
      label: 'Reviewers assigned',
      fromStatus: 'review_awaited',
      toStatus: 'review_in_progress',
    });

    // A second reviewer, then taking both back, leave the status where it is.
    await assign(['single'], ['sunil']);
    expect(await startsOf('single')).toHaveLength(1);
    for (const key of ['ewa', 'sunil'] as const)
      expect((await inject(`/admin/papers/${paper.single}/reviewers/${member[key].id}/unassign`)).statusCode).toBe(200);
    expect(await statusOf('single')).toBe('review_in_progress');

    // The member's e-mail went out; nothing was queued or sent to the author.
    for (let i = 0; i < 100 && !t.smtp.inbox.some((mail) => mail.to[0] === member.ewa.email); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.smtp.inbox.map((mail) => mail.to[0])).toContain(member.ewa.email);
    expect(t.smtp.inbox.map((mail) => mail.to[0])).not.toContain(authors.single.email);
    expect(await toldAuthors()).toEqual(before);
  });

  it('does the same for a selection and an applied plan, and leaves papers past Review Awaited alone', async () => {
    const before = await toldAuthors();
    await assign(['bulk', 'answering'], ['ewa']);
    expect(await statusOf('bulk')).toBe('review_in_progress');
    expect(await statusOf('answering')).toBe('author_response_awaited');
    expect(await startsOf('answering')).toEqual([]);

    const planned = await inject('/admin/assignments/plan', { reviewsPerPaper: 1, onlyFillMissing: true });
    expect(planned.statusCode, planned.body).toBe(200);
    const plan = planned.json().plan as AssignmentPlanView;
    expect(plan.assignments.map((pair) => pair.paperId)).toContain(paper.planned);
    const applied = await inject('/admin/assignments/apply', {
      assignments: plan.assignments,
      reviewsPerPaper: 1,
      onlyFillMissing: true,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await statusOf('planned')).toBe('review_in_progress');
    expect(await startsOf('planned')).toHaveLength(1);

    expect(await toldAuthors()).toEqual(before);
    // Every history still replays through the state machine.
    expect(await checkReviewInvariants(t.app.ctx.db)).toEqual([]);
  });
});
