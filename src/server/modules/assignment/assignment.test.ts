import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_TEXTS } from '@shared/domain/assignment.ts';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import type { AssignmentPlanView, PaperReviewers } from '@shared/schemas/assignment.ts';
import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import { committeeBids, committeeMembers, committeeReviews } from '@server/db/schema/index.ts';
import { checkReviewInvariants } from '@server/ops/review-invariants.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import {
  API,
  createTestApp,
  createTestAppWithMail,
  type TestApp,
  type TestAppWithMail,
  uniqueEmail,
} from '@server/test/test-app.ts';

const FLUIDS = 'Aerodynamics and Fluid Mechanics';
const SOLIDS = 'Solid Mechanics and Dynamics';
const ASSIGNED_SUBJECT = 'for you to review';

/** A paper submitted by its one author, from an account of their own; its id. */
async function submitPaper(
  app: TestApp['app'],
  paper: { title: string; theme: string; author: string; affiliation: string },
): Promise<string> {
  const submitter = await createTestUser(app, { username: paper.author });
  const authors = JSON.stringify([{ name: paper.author, affiliation: paper.affiliation, address: 'Campus' }]);
  return (await createTestPaper(app, submitter, { title: paper.title, theme: paper.theme, authors }))._id;
}

describe('assigning reviewers, by hand and automatically', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  const member: Record<'minh' | 'priya' | 'ivan' | 'wei', { id: string; name: string; email: string }> = {} as never;
  const paper: Record<'vortex' | 'shells' | 'jets' | 'decided', { id: string; title: string }> = {} as never;

  beforeAll(async () => {
    t = await createTestAppWithMail({ conferenceDates: OPEN_DEADLINES, publicUrl: 'https://conference.example' });
    admin = await createTestUser(t.app, { role: 'admin' });
    const addMember = async (
      key: keyof typeof member,
      name: string,
      affiliation: string,
      themes: string[],
      maxPapers: number,
      status: 'accepted' | 'invited' = 'accepted',
    ) => {
      const email = uniqueEmail(key);
      const [row] = await t.app.ctx.db
        .insert(committeeMembers)
        .values({ name, email, affiliation, themes, maxPapers, status })
        .returning();
      member[key] = { id: row!.id, name, email };
    };
    await addMember('minh', 'Nguyễn Thị Minh Khai', 'Đại học Bách khoa Hà Nội', [FLUIDS], 3);
    await addMember('priya', 'प्रिया शर्मा', 'Indian Institute of Technology Bombay', [SOLIDS], 1);
    await addMember('ivan', 'Иван Петров', 'Московский государственный университет', [FLUIDS, SOLIDS], 5);
    await addMember('wei', '张伟', 'Tsinghua University', [FLUIDS], 5, 'invited');

    const submit = async (
      key: keyof typeof paper,
      title: string,
      theme: string,
      author: string,
      affiliation: string,
    ) => {
      paper[key] = { id: await submitPaper(t.app, { title, theme, author, affiliation }), title };
    };
    await submit('vortex', 'Vortex rings in a stratified fluid', FLUIDS, 'Ada Lovelace', 'Analytical Engines Ltd');
    await submit('shells', 'Buckling of thin shells', SOLIDS, 'Rahul Verma', 'IIT Bombay');
    await submit('jets', 'Synthetic jets over a swept wing', FLUIDS, 'Zofia Łukasiewicz', 'Politechnika Warszawska');
    await submit('decided', 'Combustion of ammonia', 'Propulsion and Combustion', 'Sophie Germain', 'Sorbonne');
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper.decided.id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'declined', review: 'Out of scope.' },
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${API}${url}`,
      headers: { cookie: admin.cookie },
      payload: payload as object,
    });
  const assign = (papers: (keyof typeof paper)[], members: (keyof typeof member)[]) =>
    post('/admin/assignments', {
      paperIds: papers.map((k) => paper[k].id),
      memberIds: members.map((k) => member[k].id),
    });
  const reviewRows = () => t.app.ctx.db.select().from(committeeReviews);
  const reviewersOf = async (key: keyof typeof paper) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers/${paper[key].id}/reviewers`,
        headers: { cookie: admin.cookie },
      })
    ).json().reviewers as PaperReviewers;
  const assignmentMailsTo = async (email: string, count: number) => {
    const mails = () => t.smtp.inbox.filter((mail) => mail.to[0] === email && mail.raw.includes(ASSIGNED_SUBJECT));
    for (let i = 0; i < 100 && mails().length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
    return mails();
  };

  it('shows each accepted member with load, bid, theme match and the reason of a conflict', async () => {
    const shells = await reviewersOf('shells');
    expect(shells.assignable).toBe(true);
    expect(shells.members.map((m) => m.name).sort()).toEqual(
      [member.minh.name, member.priya.name, member.ivan.name].sort(),
    );
    const priya = shells.members.find((m) => m.memberId === member.priya.id)!;
    expect(priya).toMatchObject({ themeMatch: true, load: 0, assigned: false, bid: null, maxPapers: 1 });
    expect(priya.conflict).toMatch(/Same institution as an author/);
    const minh = shells.members.find((m) => m.memberId === member.minh.id)!;
    expect(minh).toMatchObject({ themeMatch: false, conflict: null });
    expect((await reviewersOf('decided')).assignable).toBe(false);
  });

  it('refuses a conflicted member, a maximum passed, a decided paper and a member who has not accepted, changing nothing', async () => {
    const refusals: [Awaited<ReturnType<typeof assign>>, number, string][] = [
      [await assign(['shells'], ['priya']), 409, ASSIGNMENT_TEXTS.conflicted(member.priya.name, paper.shells.title)],
      [await assign(['vortex', 'jets'], ['priya']), 409, ASSIGNMENT_TEXTS.overMaximum(member.priya.name, 1)],
      [await assign(['vortex', 'decided'], ['minh']), 409, ASSIGNMENT_TEXTS.paperDecided(paper.decided.title)],
      [await assign(['vortex'], ['minh', 'wei']), 409, ASSIGNMENT_TEXTS.notAMember(member.wei.name)],
    ];
    for (const [res, status, message] of refusals) {
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const unknown = await post('/admin/assignments', {
      paperIds: [paper.vortex.id],
      memberIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    const badBody = await post('/admin/assignments', { paperIds: [], memberIds: [member.minh.id] });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toBe(ASSIGNMENT_TEXTS.papersRequired);
    expect(await reviewRows()).toEqual([]);
  });

  it('lets only one of two organisers racing for a member’s last place through', async () => {
    const [first, second] = await Promise.all([assign(['vortex'], ['priya']), assign(['jets'], ['priya'])]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const rows = await reviewRows();
    expect(rows).toHaveLength(1);
    const res = await post(`/admin/papers/${rows[0]!.paperId}/reviewers/${member.priya.id}/unassign`, {});
    expect(res.json().message).toBe(ASSIGNMENT_TEXTS.unassigned(member.priya.name));
    t.smtp.inbox.length = 0;
  });

  it('assigns a selection in one step, mails each member once with all their new papers, and records it on the timeline', async () => {
    const res = await assign(['vortex', 'jets'], ['minh', 'ivan']);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ASSIGNMENT_TEXTS.assigned(4, 2, true));
    expect(await reviewRows()).toHaveLength(4);

    const [mail, ...more] = await assignmentMailsTo(member.minh.email, 1);
    expect(more).toEqual([]);
    expect(mail!.raw).toContain(paper.vortex.title);
    expect(mail!.raw).toContain(paper.jets.title);
    expect(mail!.raw).toContain('https://conference.example/ictacem2025/reviews');
    expect(await assignmentMailsTo(member.ivan.email, 1)).toHaveLength(1);

    const timeline = (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers/${paper.vortex.id}/timeline`,
        headers: { cookie: admin.cookie },
      })
    ).json().timeline as PaperTimelineEntry[];
    const assigned = timeline.filter((entry) => entry.action === 'reviewer_assigned');
    expect(assigned.map((entry) => entry.reviewer)).toEqual(
      expect.arrayContaining([member.minh.name, member.ivan.name]),
    );
    expect(assigned[0]!.label).toBe('Reviewer assigned');
    // The committee's steps leave the paper's state alone: its history still replays.
    expect(await checkReviewInvariants(t.app.ctx.db)).toEqual([]);

    const again = await assign(['vortex'], ['minh']);
    expect(again.json().message).toBe(ASSIGNMENT_TEXTS.assigned(0, 0, true));
    expect(await reviewRows()).toHaveLength(4);
  });

  it('takes a paper back only while nothing of its review is written', async () => {
    const unassign = (key: keyof typeof paper, who: keyof typeof member) =>
      post(`/admin/papers/${paper[key].id}/reviewers/${member[who].id}/unassign`, {});
    expect((await unassign('jets', 'ivan')).statusCode).toBe(200);
    expect((await unassign('jets', 'ivan')).json().message).toBe(ASSIGNMENT_TEXTS.notAssigned(member.ivan.name));
    await t.app.ctx.db
      .update(committeeReviews)
      .set({ draftSavedAt: new Date(), mark: 72 })
      .where(eq(committeeReviews.memberId, member.minh.id));
    const res = await unassign('vortex', 'minh');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ASSIGNMENT_TEXTS.reviewStarted(member.minh.name));
    expect((await reviewersOf('vortex')).members.find((m) => m.memberId === member.minh.id)).toMatchObject({
      assigned: true,
      reviewState: 'draft',
      load: 2,
    });
  });

  it('plans automatically without applying, never against a conflict or a maximum, then applies the plan once', async () => {
    const before = await reviewRows();
    const res = await post('/admin/assignments/plan', { reviewsPerPaper: 2, onlyFillMissing: true });
    expect(res.statusCode).toBe(200);
    const plan = res.json().plan as AssignmentPlanView;
    expect(await reviewRows()).toHaveLength(before.length);

    expect(plan.papers.map((p) => p.paperId).sort()).toEqual([paper.vortex.id, paper.shells.id, paper.jets.id].sort());
    const existing = new Set(before.map((row) => `${row.memberId} ${row.paperId}`));
    for (const pair of plan.assignments) {
      expect(existing.has(`${pair.memberId} ${pair.paperId}`)).toBe(false);
      expect(`${pair.memberId} ${pair.paperId}`).not.toBe(`${member.priya.id} ${paper.shells.id}`);
    }
    for (const planned of plan.members) {
      const maximum = planned.maxPapers;
      expect(planned.currentLoad + planned.newPapers.length, planned.name).toBeLessThanOrEqual(maximum);
    }
    // Capacity allows it: every paper reaches two reviewers, the optimum equals its bound.
    for (const planned of plan.papers) expect(planned.reviewers, planned.title).toHaveLength(2);
    expect(plan.cost).toBe(plan.lowerBound);

    const applied = await post('/admin/assignments/apply', {
      assignments: plan.assignments,
      reviewsPerPaper: 2,
      onlyFillMissing: true,
    });
    expect(applied.statusCode).toBe(200);
    expect(await reviewRows()).toHaveLength(before.length + plan.assignments.length);
    expect(
      (await reviewRows())
        .filter((row) => plan.assignments.some((p) => p.paperId === row.paperId && p.memberId === row.memberId))
        .every((row) => row.automatic),
    ).toBe(true);

    // A plan for thousands of papers is far over the site's 64 KB JSON limit: it is still read (and checked).
    const large = Array.from({ length: 3000 }, (_, i) => ({
      memberId: member.minh.id,
      paperId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    }));
    const big = await post('/admin/assignments/apply', {
      assignments: large,
      reviewsPerPaper: 3,
      onlyFillMissing: true,
    });
    expect(big.statusCode).toBe(404);
    expect(big.json().message).toBe(ASSIGNMENT_TEXTS.paperNotFound);

    const twice = await post('/admin/assignments/apply', {
      assignments: plan.assignments,
      reviewsPerPaper: 2,
      onlyFillMissing: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ASSIGNMENT_TEXTS.planStale);
  });

  it('says which papers stay short and why, and applies nothing for them', async () => {
    const plan = (await post('/admin/assignments/plan', { reviewsPerPaper: 4, onlyFillMissing: true })).json()
      .plan as AssignmentPlanView;
    const shells = plan.papers.find((p) => p.paperId === paper.shells.id)!;
    expect(shells.missing).toBe(2);
    expect(shells.shortReason).toBe(ASSIGNMENT_TEXTS.shortOfEligible(0));
    expect(plan.assignments.filter((pair) => pair.paperId === paper.shells.id)).toEqual([]);

    const refused = await post('/admin/assignments/plan', { reviewsPerPaper: 11, onlyFillMissing: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ASSIGNMENT_TEXTS.reviewsPerPaperInvalid);
  });

  it('stops counting a removed member’s unfinished review, lets it be taken back, and keeps a submitted one', async () => {
    const ivanReview = (await reviewRows()).find((row) => row.memberId === member.ivan.id)!;
    const paperKey = (Object.keys(paper) as (keyof typeof paper)[]).find(
      (key) => paper[key].id === ivanReview.paperId,
    )!;
    await t.app.ctx.db
      .update(committeeReviews)
      .set({ draftSavedAt: new Date() })
      .where(eq(committeeReviews.id, ivanReview.id));
    const revoked = await post(`/admin/committee/${member.ivan.id}/revoke`, {});
    expect(revoked.statusCode).toBe(200);

    const listed = (await reviewersOf(paperKey)).members.find((m) => m.memberId === member.ivan.id);
    expect(listed).toMatchObject({ memberStatus: 'revoked', assigned: true, reviewState: 'draft' });
    const plan = (await post('/admin/assignments/plan', { reviewsPerPaper: 2, onlyFillMissing: true })).json()
      .plan as AssignmentPlanView;
    const planned = plan.papers.find((p) => p.paperId === ivanReview.paperId)!;
    expect(planned.reviewers.map((r) => r.memberId)).not.toContain(member.ivan.id);
    expect(planned.reviewers.length + planned.missing).toBe(2);

    const taken = await post(`/admin/papers/${ivanReview.paperId}/reviewers/${member.ivan.id}/unassign`, {});
    expect(taken.statusCode, taken.body).toBe(200);

    const minhReview = (await reviewRows()).find((row) => row.memberId === member.minh.id)!;
    await t.app.ctx.db
      .update(committeeReviews)
      .set({ submittedAt: new Date(), mark: 70, confidence: 3, commentsToAuthors: 'Fine.' })
      .where(eq(committeeReviews.id, minhReview.id));
    const kept = await post(`/admin/papers/${minhReview.paperId}/reviewers/${member.minh.id}/unassign`, {});
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(ASSIGNMENT_TEXTS.reviewSubmitted(member.minh.name));
  });

  it('refuses a plan once one of its papers was given a reviewer by other means', async () => {
    await t.app.ctx.db.update(committeeMembers).set({ maxPapers: 10 }).where(eq(committeeMembers.id, member.minh.id));
    await t.app.ctx.db.insert(committeeMembers).values({
      name: 'Kwame Mensah',
      email: uniqueEmail('kwame'),
      themes: [FLUIDS, SOLIDS],
      maxPapers: 10,
      status: 'accepted',
    });
    const plan = (await post('/admin/assignments/plan', { reviewsPerPaper: 3, onlyFillMissing: true })).json()
      .plan as AssignmentPlanView;
    // A paper the plan brings to exactly three reviewers.
    const filled = plan.papers.find((p) => p.missing === 0 && p.reviewers.some((r) => r.isNew))!;
    expect(filled).toBeDefined();
    // Someone joins after the plan was made, and an organiser gives them one of its papers by hand.
    const [late] = await t.app.ctx.db
      .insert(committeeMembers)
      .values({
        name: 'Олена Коваленко',
        email: uniqueEmail('olena'),
        themes: [FLUIDS],
        maxPapers: 10,
        status: 'accepted',
      })
      .returning();
    const byHand = await post('/admin/assignments', {
      paperIds: [filled.paperId],
      memberIds: [late!.id],
    });
    expect(byHand.statusCode).toBe(200);
    const before = (await reviewRows()).length;
    const applied = await post('/admin/assignments/apply', {
      assignments: plan.assignments,
      reviewsPerPaper: 3,
      onlyFillMissing: true,
    });
    expect(applied.statusCode).toBe(409);
    expect(applied.json().message).toBe(ASSIGNMENT_TEXTS.planStale);
    expect(await reviewRows()).toHaveLength(before);
  });

  it('reminds each member once, listing only their unfinished reviews', async () => {
    t.smtp.inbox.length = 0;
    const unfinished = (await reviewRows()).filter((row) => row.submittedAt === null);
    const members = new Set(unfinished.map((row) => row.memberId));
    const accepted = (await t.app.ctx.db.select().from(committeeMembers)).filter(
      (row) => members.has(row.id) && row.status === 'accepted',
    );
    const res = await post('/admin/committee/reminders', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REVIEW_TEXTS.reminded(accepted.length));
    const reminders = () => t.smtp.inbox.filter((mail) => mail.raw.includes('still to submit'));
    for (let i = 0; i < 100 && reminders().length < accepted.length; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    expect(
      reminders()
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual(accepted.map((row) => row.email).sort());
    const submitted = (await reviewRows()).find((row) => row.submittedAt !== null)!;
    const submittedTitle = Object.values(paper).find((p) => p.id === submitted.paperId)!.title;
    const toItsReviewer = reminders().find(
      (mail) => mail.to[0] === accepted.find((m) => m.id === submitted.memberId)?.email,
    );
    if (toItsReviewer) expect(toItsReviewer.raw).not.toContain(submittedTitle);
  });
});

describe('the automatic plan and "Not my area" bids', () => {
  let t: TestApp;
  let admin: TestUser;
  const member: Record<'hung' | 'olga', { id: string; name: string }> = {} as never;
  const paper: Record<'shells' | 'jets' | 'vortex', { id: string; title: string }> = {} as never;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    const addMember = async (key: keyof typeof member, name: string, affiliation: string, themes: string[]) => {
      const [row] = await t.app.ctx.db
        .insert(committeeMembers)
        .values({ name, email: uniqueEmail(key), affiliation, themes, maxPapers: 1, status: 'accepted' })
        .returning();
      member[key] = { id: row!.id, name };
    };
    await addMember('hung', 'Trần Văn Hùng', 'Trường Đại học Bách khoa Thành phố Hồ Chí Minh', [SOLIDS]);
    await addMember('olga', 'Ольга Смирнова', 'Новосибирский государственный университет', [FLUIDS]);
    const submit = async (
      key: keyof typeof paper,
      title: string,
      theme: string,
      author: string,
      affiliation: string,
    ) => {
      paper[key] = { id: await submitPaper(t.app, { title, theme, author, affiliation }), title };
    };
    await submit('shells', 'Buckling of thin cylindrical shells', SOLIDS, 'Krzysztof Wójcik', 'Politechnika Gdańska');
    await submit('jets', 'Impinging jets on a heated plate', FLUIDS, 'अनिल कुमार', 'Indian Institute of Science');
  });
  afterAll(() => t.close());

  const plan = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/assignments/plan`,
      headers: { cookie: admin.cookie },
      payload: { reviewsPerPaper: 1, onlyFillMissing: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().plan as AssignmentPlanView;
  };
  const pairsOf = (planned: AssignmentPlanView) =>
    planned.assignments.map((pair) => `${pair.memberId} ${pair.paperId}`).sort();

  it('gives no member a paper they marked "Not my area" while a plan with as many reviews does without it', async () => {
    // Hùng works on shells but said the paper is not his area; Olga said nothing of either.
    await t.app.ctx.db
      .insert(committeeBids)
      .values({ memberId: member.hung.id, paperId: paper.shells.id, bid: 'not_my_area' });
    const planned = await plan();
    expect(pairsOf(planned)).toEqual(
      [`${member.olga.id} ${paper.shells.id}`, `${member.hung.id} ${paper.jets.id}`].sort(),
    );
    expect(planned.fit).toEqual({ eager: 0, willing: 0, noBid: 2, notMyArea: 0, themeMatches: 0 });
    expect(planned.notMyArea).toEqual([]);
    expect(planned.cost).toBe(planned.lowerBound);
  });

  it('lists each "Not my area" pair it cannot avoid, with why no one else took the paper', async () => {
    // A third paper, which Olga can take too, and Hùng finds none of the three his area.
    await t.app.ctx.db.update(committeeMembers).set({ maxPapers: 2 }).where(eq(committeeMembers.id, member.olga.id));
    const title = 'Vortex shedding behind a cylinder';
    const submitter = await createTestUser(t.app, { username: 'Đặng Thị Lan' });
    const authors = JSON.stringify([{ name: 'Đặng Thị Lan', affiliation: 'Đại học Đà Nẵng', address: 'Campus' }]);
    paper.vortex = { id: (await createTestPaper(t.app, submitter, { title, theme: FLUIDS, authors }))._id, title };
    await t.app.ctx.db.insert(committeeBids).values(
      [paper.jets, paper.vortex].map(({ id }) => ({
        memberId: member.hung.id,
        paperId: id,
        bid: 'not_my_area' as const,
      })),
    );
    const planned = await plan();
    // Every review is placed, so Hùng takes one paper: the one in his themes.
    expect(planned.papers.every((p) => p.missing === 0)).toBe(true);
    expect(planned.fit).toMatchObject({ notMyArea: 1, noBid: 2, themeMatches: 3 });
    expect(planned.notMyArea).toEqual([
      {
        memberId: member.hung.id,
        name: member.hung.name,
        paperId: paper.shells.id,
        title: paper.shells.title,
        reason: ASSIGNMENT_TEXTS.notMyAreaReason.others_at_maximum,
      },
    ]);
  });
});
