import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import type { MyReviews, ReviewSheet } from '@shared/schemas/reviews.ts';
import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import { MEMBERS_ONLY } from '@server/plugins/auth.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const FLUIDS = 'Aerodynamics and Fluid Mechanics';
const FULL_REVIEW = {
  mark: 78,
  confidence: 4,
  commentsToAuthors: 'Đo đạc cẩn thận; the scaling argument in section 3 needs a reference.',
  confidentialComments: 'Borderline for an oral slot.',
};

describe('a committee member’s reviews', () => {
  let t: TestApp;
  let admin: TestUser;
  let reviewer: TestUser;
  let bystander: TestUser;
  let author: TestUser;
  const papers: Record<'assigned' | 'later' | 'decided', string> = {} as never;
  let members: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    members = {};
    for (const [key, name] of [
      ['reviewer', 'Trần Thị Thu Hà'],
      ['bystander', 'Krzysztof Wójcik'],
    ] as const) {
      const { account, memberId } = await createTestMember(t.app, { name, themes: [FLUIDS], maxPapers: 10 });
      if (key === 'reviewer') reviewer = account;
      else bystander = account;
      members[key] = memberId;
    }
    author = await createTestUser(t.app, { username: 'Łukasz Żółkiewski' });
    const authors = JSON.stringify([
      { name: 'Łukasz Żółkiewski', affiliation: 'Politechnika Łódzka', address: 'Łódź' },
      { name: 'Nguyễn Văn An', affiliation: 'Đại học Quốc gia Hà Nội', address: 'Hà Nội' },
    ]);
    for (const [key, title] of [
      ['assigned', 'Wake of a flapping foil'],
      ['later', 'Cavitation behind a hydrofoil'],
      ['decided', 'Jets in crossflow'],
    ] as const) {
      const submitter = key === 'assigned' ? author : await createTestUser(t.app, { username: `Author ${key}` });
      papers[key] = (await createTestPaper(t.app, submitter, { title, theme: FLUIDS, authors }))._id;
    }
    const assigned = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/assignments`,
      headers: { cookie: admin.cookie },
      payload: { paperIds: Object.values(papers), memberIds: [members.reviewer] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${papers.decided}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted', review: 'Accepted.' },
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, cookie = reviewer.cookie, payload?: unknown) =>
    t.app.inject({ method, url: `${API}/committee/reviews${path}`, headers: { cookie }, payload: payload as object });
  const sheetOf = async (paperId: string) => (await call('GET', `/${paperId}`)).json().sheet as ReviewSheet;
  const timelineOf = async (paperId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers/${paperId}/timeline`,
        headers: { cookie: admin.cookie },
      })
    ).json().timeline as PaperTimelineEntry[];

  it('lists the member’s papers with their state and the review deadline, and opens one with its abstract', async () => {
    const list = (await call('GET', '')).json().reviews as MyReviews;
    expect(list.deadline).toBe(OPEN_DEADLINES.reviewDeadline);
    expect(list.reviews.map((r) => [r.paperId, r.state, r.editable]).sort()).toEqual(
      [
        [papers.assigned, 'not_started', true],
        [papers.later, 'not_started', true],
        [papers.decided, 'not_started', false],
      ].sort(),
    );
    const sheet = await sheetOf(papers.assigned);
    expect(sheet.paper.authors).toEqual([
      { name: 'Łukasz Żółkiewski', affiliation: 'Politechnika Łódzka' },
      { name: 'Nguyễn Văn An', affiliation: 'Đại học Quốc gia Hà Nội' },
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: sheet.paper.abstractUrl,
      headers: { cookie: reviewer.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain(`paper-${papers.assigned.slice(0, 8)}.pdf`);
  });

  it('tells the header who is a member of the committee, in the session', async () => {
    const session = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: `${API}/auth/session`, headers: { cookie } })).json();
    expect(await session(reviewer.cookie)).toMatchObject({ committeeMember: true });
    expect(await session(author.cookie)).toMatchObject({ committeeMember: false });
  });

  it('answers 404 to a member the paper is not assigned to, and 403 to an author, on every route', async () => {
    for (const [method, path] of [
      ['GET', `/${papers.assigned}`],
      ['GET', `/${papers.assigned}/abstract`],
      ['PUT', `/${papers.assigned}/draft`],
      ['POST', `/${papers.assigned}/submit`],
    ] as const) {
      const payload = method === 'GET' ? undefined : FULL_REVIEW;
      const stranger = await call(method, path, bystander.cookie, payload);
      expect(stranger.statusCode, `${method} ${path}`).toBe(404);
      expect(stranger.body).not.toContain('Żółkiewski');
      const outsider = await call(method, path, author.cookie, payload);
      expect(outsider.statusCode, `${method} ${path}`).toBe(403);
      expect(outsider.json().message).toBe(MEMBERS_ONLY);
    }
    expect(((await call('GET', '', bystander.cookie)).json().reviews as MyReviews).reviews).toEqual([]);
  });

  it('keeps a draft with anything missing, refuses marks outside 0-100, and needs mark, confidence and comments to submit', async () => {
    const draft = await call('PUT', `/${papers.assigned}/draft`, reviewer.cookie, {
      mark: null,
      confidence: 3,
      commentsToAuthors: 'First impressions.',
      confidentialComments: '',
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().message).toBe(REVIEW_TEXTS.draftSaved);
    expect(draft.json().sheet.review).toMatchObject({ state: 'draft', confidence: 3, mark: null });

    for (const mark of [101, -1, 50.5, 'seventy']) {
      const res = await call('PUT', `/${papers.assigned}/draft`, reviewer.cookie, { ...FULL_REVIEW, mark });
      expect(res.statusCode, String(mark)).toBe(400);
      expect(res.json().message).toBe(REVIEW_TEXTS.markInvalid);
    }
    const incomplete = await call('POST', `/${papers.assigned}/submit`, reviewer.cookie, {
      ...FULL_REVIEW,
      mark: null,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(REVIEW_TEXTS.markRequired);
    const noComments = await call('POST', `/${papers.assigned}/submit`, reviewer.cookie, {
      ...FULL_REVIEW,
      commentsToAuthors: '   ',
    });
    expect(noComments.json().message).toBe(REVIEW_TEXTS.commentsRequired);
    expect((await sheetOf(papers.assigned)).review.state).toBe('draft');
  });

  it('submits once for a double click, then records each change on the paper’s timeline', async () => {
    const [first, second] = await Promise.all([
      call('POST', `/${papers.assigned}/submit`, reviewer.cookie, FULL_REVIEW),
      call('POST', `/${papers.assigned}/submit`, reviewer.cookie, FULL_REVIEW),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(first!.json().message).toBe(REVIEW_TEXTS.submitted);
    expect((await sheetOf(papers.assigned)).review).toMatchObject({ ...FULL_REVIEW, state: 'submitted' });
    const submittedSteps = async () =>
      (await timelineOf(papers.assigned)).filter((e) => e.action.startsWith('review_')).map((e) => e.action);
    expect(await submittedSteps()).toEqual(['review_submitted']);

    const draft = await call('PUT', `/${papers.assigned}/draft`, reviewer.cookie, FULL_REVIEW);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toBe(REVIEW_TEXTS.alreadySubmitted);

    const changed = await call('POST', `/${papers.assigned}/submit`, reviewer.cookie, { ...FULL_REVIEW, mark: 81 });
    expect(changed.json().message).toBe(REVIEW_TEXTS.updated);
    expect(await submittedSteps()).toEqual(['review_submitted', 'review_updated']);
  });

  it('takes nothing after the paper’s decision', async () => {
    expect((await sheetOf(papers.decided)).editable).toBe(false);
    const res = await call('POST', `/${papers.decided}/submit`, reviewer.cookie, FULL_REVIEW);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_TEXTS.decided);
  });

  it('hides a paper once a conflict is declared, from the list and every route', async () => {
    const { members } = (
      await t.app.inject({ method: 'GET', url: `${API}/admin/committee`, headers: { cookie: admin.cookie } })
    ).json() as { members: { _id: string; userId: string | null }[] };
    const memberId = members.find((m) => m.userId === reviewer.user._id)!._id;
    const declared = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${papers.later}/conflicts`,
      headers: { cookie: admin.cookie },
      payload: { memberId, note: 'Co-supervises the second author' },
    });
    expect(declared.statusCode).toBe(200);
    const list = (await call('GET', '')).json().reviews as MyReviews;
    expect(list.reviews.map((r) => r.paperId)).not.toContain(papers.later);
    expect((await call('GET', `/${papers.later}`)).statusCode).toBe(404);
    expect((await call('GET', `/${papers.later}/abstract`)).statusCode).toBe(404);
  });

  it('shows organisers the reviews side by side with the combined marks, and nothing of a draft', async () => {
    await t.app.inject({
      method: 'POST',
      url: `${API}/admin/assignments`,
      headers: { cookie: admin.cookie },
      payload: { paperIds: [papers.assigned], memberIds: [members.bystander] },
    });
    await call('PUT', `/${papers.assigned}/draft`, bystander.cookie, {
      mark: 20,
      confidence: 2,
      commentsToAuthors: 'Half-formed doubts.',
      confidentialComments: '',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${papers.assigned}/reviews`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { reviews, summary } = res.json().reviews;
    expect(summary).toEqual({ assigned: 2, submitted: 1, mean: 81, weightedMean: 81, spread: 0, disagreement: false });
    expect(reviews).toMatchObject([
      {
        name: 'Trần Thị Thu Hà',
        state: 'submitted',
        mark: 81,
        confidence: 4,
        confidentialComments: FULL_REVIEW.confidentialComments,
      },
      { name: 'Krzysztof Wójcik', state: 'draft', mark: null, confidence: null, commentsToAuthors: '' },
    ]);
    expect(res.body).not.toContain('Half-formed doubts.');
    const asMember = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${papers.assigned}/reviews`,
      headers: { cookie: reviewer.cookie },
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('shares the comments to the authors with the author after the decision: numbered, without marks or names', async () => {
    const asAdmin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url: `${API}${url}`, headers: { cookie: admin.cookie }, payload });
    const commentsFor = async (who: TestUser) =>
      t.app.inject({
        method: 'GET',
        url: `${API}/papers/${papers.assigned}/reviewer-comments`,
        headers: { cookie: who.cookie },
      });

    const early = await asAdmin('POST', `/admin/papers/${papers.assigned}/reviews/share`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REVIEW_TEXTS.decideFirst);
    expect((await commentsFor(author)).json().comments).toEqual([]);

    await asAdmin('PUT', `/admin/papers/${papers.assigned}/status`, {
      status: 'abstract_accepted',
      review: 'Accepted.',
    });
    const shared = await asAdmin('POST', `/admin/papers/${papers.assigned}/reviews/share`);
    expect(shared.json().message).toBe(REVIEW_TEXTS.shared);
    const read = await commentsFor(author);
    expect(read.json().comments).toEqual([{ label: 'Reviewer 1', comments: FULL_REVIEW.commentsToAuthors }]);
    for (const secret of ['81', 'Trần Thị Thu Hà', FULL_REVIEW.confidentialComments, 'confidence', 'mark'])
      expect(read.body, secret).not.toContain(secret);
    expect((await commentsFor(bystander)).statusCode).toBe(404);

    await asAdmin('POST', `/admin/papers/${papers.assigned}/reviews/unshare`);
    expect((await commentsFor(author)).json().comments).toEqual([]);

    // With the decision itself, single or bulk; taken back when the paper goes back into review.
    const decided = await asAdmin('PUT', `/admin/papers/${papers.assigned}/status`, {
      status: 'declined',
      review: 'Declined after all.',
      shareReviews: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await commentsFor(author)).json().comments).toHaveLength(1);
    await asAdmin('PUT', `/admin/papers/${papers.assigned}/status`, { status: 'review_in_progress', review: '' });
    expect((await commentsFor(author)).json().comments).toEqual([]);
    const bulk = await asAdmin('POST', '/admin/papers/bulk/status', {
      paperIds: [papers.assigned],
      status: 'abstract_accepted',
      review: '',
      shareReviews: true,
    });
    expect(bulk.json().changed).toHaveLength(1);
    expect((await commentsFor(author)).json().comments).toEqual([
      { label: 'Reviewer 1', comments: FULL_REVIEW.commentsToAuthors },
    ]);
    const notSharing = await asAdmin('PUT', `/admin/papers/${papers.assigned}/status`, {
      status: 'declined',
      review: 'Declined.',
      shareReviews: 'yes',
    });
    expect(notSharing.statusCode).toBe(400);
  });
});
