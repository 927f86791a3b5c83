import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCUSSION_TEXTS } from '@shared/domain/discussion.ts';
import type { MemberDiscussion, PaperDiscussion } from '@shared/schemas/discussion.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const REVIEW = { mark: 55, confidence: 3, commentsToAuthors: 'Promising.', confidentialComments: 'Weak baseline.' };

describe('the discussion among a paper’s reviewers', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  let outsider: TestUser;
  const reviewer: Record<'first' | 'second', TestUser> = {} as never;
  let paperId: string;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app, { username: 'Chen Xiaoling' });
    paperId = (await createTestPaper(t.app, author, { title: 'Rotor wakes in ground effect' }))._id;
    const memberIds: string[] = [];
    for (const [key, name] of [
      ['first', 'Agnieszka Wróblewska'],
      ['second', 'Rajesh Kumar Iyer'],
      ['outsider', 'Đặng Văn Lâm'],
    ] as const) {
      const { account, memberId } = await createTestMember(t.app, { name });
      if (key === 'outsider') outsider = account;
      else {
        reviewer[key] = account;
        memberIds.push(memberId);
      }
    }
    // One at a time: the first assigned is Reviewer 1.
    for (const memberId of memberIds)
      await t.app.inject({
        method: 'POST',
        url: `${API}/admin/assignments`,
        headers: { cookie: admin.cookie },
        payload: { paperIds: [paperId], memberIds: [memberId] },
      });
  });
  afterAll(() => t.close());

  const discussionOf = async (who: TestUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${API}/committee/reviews/${paperId}/discussion`,
        headers: { cookie: who.cookie },
      })
    ).json().discussion as MemberDiscussion;
  const say = (who: TestUser, body: string, path = `/committee/reviews/${paperId}/discussion`) =>
    t.app.inject({ method: 'POST', url: `${API}${path}`, headers: { cookie: who.cookie }, payload: { body } });
  const submit = (who: TestUser, review = REVIEW) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/committee/reviews/${paperId}/submit`,
      headers: { cookie: who.cookie },
      payload: review,
    });

  it('shows a member nothing, and takes nothing from them, until their own review is submitted', async () => {
    expect(await discussionOf(reviewer.first)).toEqual({
      available: false,
      label: 'Reviewer 1',
      otherReviews: [],
      messages: [],
    });
    const early = await say(reviewer.first, 'What did the others think?');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(DISCUSSION_TEXTS.submitFirst);
  });

  it('once submitted, shows the other submitted reviews and the messages, everyone by number', async () => {
    await submit(reviewer.first);
    const posted = await say(reviewer.first, 'The baseline worries me.');
    expect(posted.statusCode).toBe(200);
    expect(posted.json().discussion.messages).toMatchObject([
      { author: 'Reviewer 1', own: true, body: 'The baseline worries me.' },
    ]);
    expect((await discussionOf(reviewer.first)).otherReviews).toEqual([]);

    await submit(reviewer.second, { ...REVIEW, mark: 90, confidentialComments: 'Strong accept.' });
    const seen = await discussionOf(reviewer.second);
    expect(seen).toMatchObject({
      available: true,
      label: 'Reviewer 2',
      otherReviews: [{ label: 'Reviewer 1', mark: 55, confidentialComments: 'Weak baseline.' }],
      messages: [{ author: 'Reviewer 1', own: false }],
    });
    expect(JSON.stringify(seen)).not.toContain('Wróblewska');
  });

  it('lets organisers read names and write as the organisers; authors and outsiders get nothing', async () => {
    expect(
      (await say(admin, 'Please settle the baseline question.', `/admin/papers/${paperId}/discussion`)).statusCode,
    ).toBe(200);
    const forOrganisers = (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers/${paperId}/discussion`,
        headers: { cookie: admin.cookie },
      })
    ).json().discussion as PaperDiscussion;
    expect(forOrganisers.messages.map((m) => m.author)).toEqual([
      'Agnieszka Wróblewska (Reviewer 1)',
      'Test admin (organiser)',
    ]);
    expect((await discussionOf(reviewer.first)).messages.map((m) => m.author)).toEqual([
      'Reviewer 1',
      DISCUSSION_TEXTS.organisers,
    ]);

    const empty = await say(reviewer.first, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DISCUSSION_TEXTS.bodyRequired);
    for (const [who, status] of [
      [author, 403],
      [outsider, 404],
    ] as const) {
      const read = await t.app.inject({
        method: 'GET',
        url: `${API}/committee/reviews/${paperId}/discussion`,
        headers: { cookie: who.cookie },
      });
      expect(read.statusCode).toBe(status);
      expect(read.body).not.toContain('baseline');
    }
    const authorAsAdmin = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${paperId}/discussion`,
      headers: { cookie: author.cookie },
    });
    expect(authorAsAdmin.statusCode).toBe(403);
  });
});
