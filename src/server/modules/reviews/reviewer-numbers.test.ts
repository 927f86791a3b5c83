import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDiscussion, PaperDiscussion } from '@shared/schemas/discussion.ts';
import type { PaperReviews, ReviewerComments } from '@shared/schemas/reviews.ts';
import { committeeReviews } from '@server/db/schema/index.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const THEME = 'Aerodynamics and Fluid Mechanics';

describe('"Reviewer N": one number per reviewer of a paper, the same for everyone', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  let paperId: string;
  const people: Record<'silent' | 'writer' | 'late', { user: TestUser; memberId: string; name: string }> = {} as never;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app, { username: '王芳' });
    paperId = (
      await createTestPaper(t.app, author, {
        title: 'Wake of a flapping foil near a free surface',
        theme: THEME,
        authors: JSON.stringify([
          { name: '王芳', affiliation: '清华大学', address: '北京' },
          { name: 'अनिल मेहता', affiliation: 'भारतीय प्रौद्योगिकी संस्थान कानपुर', address: 'कानपुर' },
        ]),
      })
    )._id;
    for (const [key, name] of [
      ['silent', 'Анна Смирнова'],
      ['writer', 'Łukasz Zieliński'],
      ['late', 'Phạm Thị Hoa'],
    ] as const) {
      const { account, memberId } = await createTestMember(t.app, { name, themes: [THEME] });
      people[key] = { user: account, memberId, name };
    }
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { cookie }, payload });
  const assign = async (key: keyof typeof people) => {
    const res = await inject('POST', '/admin/assignments', admin.cookie, {
      paperIds: [paperId],
      memberIds: [people[key].memberId],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const numbers = async () =>
    Object.fromEntries(
      (
        await t.app.ctx.db
          .select({ memberId: committeeReviews.memberId, number: committeeReviews.reviewerNumber })
          .from(committeeReviews)
          .where(eq(committeeReviews.paperId, paperId))
      ).map((row) => [row.memberId, row.number]),
    );

  it('keeps the number given at assignment when an earlier reviewer never submits, and never gives it again', async () => {
    await assign('silent');
    await assign('writer');
    const submitted = await inject('POST', `/committee/reviews/${paperId}/submit`, people.writer.user.cookie, {
      mark: 81,
      confidence: 4,
      commentsToAuthors: 'Сравните с опытами в лотке. Porównaj z pomiarami PIV.',
      confidentialComments: 'Solid work.',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // The organisers' page.
    const reviews = (await inject('GET', `/admin/papers/${paperId}/reviews`, admin.cookie)).json()
      .reviews as PaperReviews;
    expect(reviews.reviews.map((review) => [review.name, review.label, review.state])).toEqual([
      ['Анна Смирнова', 'Reviewer 1', 'not_started'],
      ['Łukasz Zieliński', 'Reviewer 2', 'submitted'],
    ]);

    // The discussion, as the member and as the organisers read it.
    const posted = await inject('POST', `/committee/reviews/${paperId}/discussion`, people.writer.user.cookie, {
      body: 'Does anyone know the Froude number of the runs?',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const discussion = posted.json().discussion as MemberDiscussion;
    expect(discussion.label).toBe('Reviewer 2');
    expect(discussion.messages.map((message) => message.author)).toEqual(['Reviewer 2']);
    const organisers = (await inject('GET', `/admin/papers/${paperId}/discussion`, admin.cookie)).json()
      .discussion as PaperDiscussion;
    expect(organisers.messages.map((message) => message.author)).toEqual(['Łukasz Zieliński (Reviewer 2)']);

    // The silent reviewer is taken off and another assigned: a new number, not the freed one.
    const unassigned = await inject(
      'POST',
      `/admin/papers/${paperId}/reviewers/${people.silent.memberId}/unassign`,
      admin.cookie,
    );
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    await assign('late');
    expect(await numbers()).toEqual({ [people.writer.memberId]: 2, [people.late.memberId]: 3 });
    // Assigned again, the first reviewer is a new reviewer with a new number.
    await assign('silent');
    expect((await numbers())[people.silent.memberId]).toBe(4);

    // The author reads the shared comments under the number the committee knows.
    const decided = await inject('PUT', `/admin/papers/${paperId}/status`, admin.cookie, {
      status: 'abstract_accepted',
      review: 'Accepted for an oral presentation.',
      shareReviews: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const shared = await inject('GET', `/papers/${paperId}/reviewer-comments`, author.cookie);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().comments as ReviewerComments).toEqual([
      { label: 'Reviewer 2', comments: 'Сравните с опытами в лотке. Porównaj z pomiarami PIV.' },
    ]);
  });
});
