import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import { committeeMembers } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const THEME = 'Propulsion and Combustion';

describe('a paper’s timeline names each actor by their role on that paper', () => {
  let t: TestApp;
  let organiser: TestUser;
  let author: TestUser;
  let reviewer: TestUser;
  let paperId: string;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    organiser = await createTestUser(t.app, { role: 'admin', username: 'Ирина Соколова' });
    author = await createTestUser(t.app, { username: '陈静' });
    // The reviewer's account is an author's account, as every member's is.
    reviewer = await createTestUser(t.app, { username: 'Łukasz Zieliński' });
    paperId = (
      await createTestPaper(t.app, author, {
        title: 'Ignition delay of ammonia–hydrogen blends',
        theme: THEME,
        authors: JSON.stringify([
          { name: '陈静', affiliation: '北京航空航天大学', address: '北京' },
          { name: 'विक्रम सिंह', affiliation: 'भारतीय विज्ञान संस्थान', address: 'बेंगलुरु' },
        ]),
      })
    )._id;
    const [member] = await t.app.ctx.db
      .insert(committeeMembers)
      .values({
        name: 'Łukasz Zieliński',
        email: reviewer.email,
        themes: [THEME],
        maxPapers: 3,
        status: 'accepted',
        userId: reviewer.user._id,
      })
      .returning();
    const inject = async (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) => {
      const res = await t.app.inject({ method, url: `${API}${url}`, headers: { cookie }, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await inject('POST', '/admin/assignments', organiser.cookie, { paperIds: [paperId], memberIds: [member!.id] });
    await inject('POST', `/committee/reviews/${paperId}/submit`, reviewer.cookie, {
      mark: 74,
      confidence: 3,
      commentsToAuthors: 'Dobrze napisane; brakuje niepewności pomiaru.',
      confidentialComments: '',
    });
    await inject('PUT', `/admin/papers/${paperId}/status`, organiser.cookie, {
      status: 'abstract_accepted',
      review: 'Accepted.',
    });
  });
  afterAll(() => t.close());

  it('shows the author, the organiser and the committee member each as such, the member with their number', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${paperId}/timeline`,
      headers: { cookie: organiser.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const timeline = res.json().timeline as PaperTimelineEntry[];
    expect(
      timeline.map((entry) => [entry.label, entry.actor?.name, entry.actor?.role, entry.reviewer, entry.reviewerLabel]),
    ).toEqual([
      ['Abstract submitted', '陈静', 'author', null, null],
      ['Reviewer assigned', 'Ирина Соколова', 'organiser', 'Łukasz Zieliński', 'Reviewer 1'],
      ['Reviewers assigned', 'Ирина Соколова', 'organiser', null, null],
      ['Review submitted', 'Łukasz Zieliński', 'committee_member', 'Łukasz Zieliński', 'Reviewer 1'],
      ['Review', 'Ирина Соколова', 'organiser', null, null],
    ]);
  });
});
