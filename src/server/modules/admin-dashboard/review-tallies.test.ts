import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminPaperListRow, RecordRow } from '@shared/schemas/admin-dashboard.ts';
import { committeeReviews, papers as papersTable } from '@server/db/schema/index.ts';
import {
  createTestMember,
  createTestPaper,
  createTestUser,
  type TestMember,
  type TestUser,
} from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const FLUIDS = 'Aerodynamics and Fluid Mechanics';
const review = (mark: number, confidence: number) => ({
  mark,
  confidence,
  commentsToAuthors: 'Добре написано; the boundary conditions need a sentence more.',
  confidentialComments: '',
});

/**
 * The committee's reviews in the paper list and the Evaluation records: the counts, the mean and
 * spread the database keeps on the paper's row, the filters and the order by mean.
 */
describe('the committee’s reviews combined in the paper list and the records', () => {
  let t: TestApp;
  let admin: TestUser;
  const reviewers: Record<'first' | 'second' | 'third', TestMember> = {} as never;
  // split: 80 and 40 (disagreement); waiting: 75 and one still due; close: 90 and 85; unread: nobody assigned.
  const papers: Record<'split' | 'waiting' | 'close' | 'unread', string> = {} as never;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const [key, name] of [
      ['first', 'Лев Давидович Ландау'],
      ['second', 'अनुराधा शर्मा'],
      ['third', 'Zofia Kowalczyk'],
    ] as const)
      reviewers[key] = await createTestMember(t.app, { name, themes: [FLUIDS], maxPapers: 10 });
    for (const [key, title] of [
      ['split', '湍流边界层的大涡模拟'],
      ['waiting', 'Przepływ wokół walca'],
      ['close', 'Dòng chảy qua hình trụ'],
      ['unread', 'Вихревая дорожка Кармана'],
    ] as const) {
      const author = await createTestUser(t.app, { username: `Author of ${key}` });
      papers[key] = (await createTestPaper(t.app, author, { title, theme: FLUIDS }))._id;
    }
    const assign = async (paperIds: string[], memberIds: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/admin/assignments`,
        headers: { cookie: admin.cookie },
        payload: { paperIds, memberIds },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await assign([papers.split, papers.waiting], [reviewers.first.memberId, reviewers.second.memberId]);
    await assign([papers.close], [reviewers.first.memberId, reviewers.third.memberId]);
    const submit = async (who: keyof typeof reviewers, paperId: string, mark: number, confidence = 3) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/committee/reviews/${paperId}/submit`,
        headers: { cookie: reviewers[who].account.cookie },
        payload: review(mark, confidence),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await submit('first', papers.split, 80, 4);
    await submit('second', papers.split, 40, 2);
    await submit('first', papers.waiting, 75);
    await submit('first', papers.close, 90);
    await submit('third', papers.close, 85);
  });
  afterAll(() => t.close());

  const listed = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers?limit=50&${query}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { papers: AdminPaperListRow[]; pagination: { total: number } };
  };
  const idsOf = async (query: string) => (await listed(query)).papers.map((paper) => paper._id);

  it('shows each paper’s reviews in, its mean mark, spread and disagreement', async () => {
    const byId = new Map((await listed('')).papers.map((paper) => [paper._id, paper.reviews]));
    expect(byId.get(papers.split)).toEqual({ assigned: 2, submitted: 2, mean: 60, spread: 40, disagreement: true });
    expect(byId.get(papers.waiting)).toEqual({ assigned: 2, submitted: 1, mean: 75, spread: 0, disagreement: false });
    expect(byId.get(papers.close)).toEqual({ assigned: 2, submitted: 2, mean: 87.5, spread: 5, disagreement: false });
    expect(byId.get(papers.unread)).toEqual({
      assigned: 0,
      submitted: 0,
      mean: null,
      spread: null,
      disagreement: false,
    });
  });

  it('filters by complete and missing reviews, by disagreement and by a lowest mean, and counts what it shows', async () => {
    expect((await idsOf('reviews=complete')).sort()).toEqual([papers.split, papers.close].sort());
    expect((await idsOf('reviews=missing')).sort()).toEqual([papers.waiting, papers.unread].sort());
    expect(await idsOf('disagreement=yes')).toEqual([papers.split]);
    expect((await idsOf('disagreement=no')).sort()).toEqual([papers.waiting, papers.close].sort());
    // "Accept every paper with mean ≥ 70 and no disagreement", once its reviews are in.
    const chosen = await listed('reviews=complete&disagreement=no&minMean=70');
    expect(chosen.papers.map((paper) => paper._id)).toEqual([papers.close]);
    expect(chosen.pagination.total).toBe(1);
    // An empty lowest mean is no filter: the unreviewed paper is still listed.
    expect(await idsOf('minMean=')).toContain(papers.unread);
    for (const bad of ['minMean=101', 'minMean=-1', 'minMean=seventy', 'reviews=some', 'disagreement=maybe']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers?${bad}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('sorts by the mean mark, the highest first and papers without a review last', async () => {
    expect(await idsOf('sort=mean')).toEqual([papers.close, papers.waiting, papers.split, papers.unread]);
  });

  it('keeps the mean and the totals true when a review changes and when a member leaves the committee', async () => {
    // The memoised totals of the filters are read first, so that a stale one would show.
    expect((await listed('reviews=complete')).pagination.total).toBe(2);
    const changed = await t.app.inject({
      method: 'POST',
      url: `${API}/committee/reviews/${papers.split}/submit`,
      headers: { cookie: reviewers.second.account.cookie },
      payload: review(70, 2),
    });
    expect(changed.statusCode).toBe(200);
    expect((await listed('')).papers.find((paper) => paper._id === papers.split)!.reviews).toMatchObject({
      mean: 75,
      spread: 10,
      disagreement: false,
    });

    // The second reviewer leaves: their review of "waiting", never submitted, no longer counts.
    const removed = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/${reviewers.second.memberId}/revoke`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    const complete = await listed('reviews=complete');
    expect(complete.pagination.total).toBe(3);
    expect(complete.papers.find((paper) => paper._id === papers.waiting)!.reviews).toMatchObject({
      assigned: 1,
      submitted: 1,
    });
    // Their submitted review of "split" still counts.
    expect(complete.papers.find((paper) => paper._id === papers.split)!.reviews).toMatchObject({
      assigned: 2,
      submitted: 2,
    });
  });

  it('recombines the marks whatever writes a review: the database keeps them, not the route', async () => {
    const [row] = await t.app.ctx.db
      .update(committeeReviews)
      .set({ mark: 20 })
      .where(eq(committeeReviews.paperId, papers.close))
      .returning({ memberId: committeeReviews.memberId });
    expect(row).toBeDefined();
    await t.app.ctx.db.delete(committeeReviews).where(eq(committeeReviews.memberId, reviewers.third.memberId));
    const [paper] = await t.app.ctx.db
      .select({ mean: papersTable.reviewMean, spread: papersTable.reviewSpread })
      .from(papersTable)
      .where(eq(papersTable.id, papers.close));
    // One row changed to 20 (whichever), then the third reviewer's review deleted.
    const left = row!.memberId === reviewers.third.memberId ? 90 : 20;
    expect(paper).toEqual({ mean: left, spread: 0 });
  });

  it('gives the Evaluation records the same reviews, sorted and filtered alike, and in the CSV', async () => {
    const records = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/admin/records?view=evaluation&limit=50&${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().rows as RecordRow[]).filter((row) => row.paper !== null).map((row) => row.paper!);
    };
    const sorted = await records('sort=mean');
    expect(sorted.map((paper) => paper._id).slice(0, 3)).toEqual([papers.waiting, papers.split, papers.close]);
    expect(sorted[0]!.reviews).toEqual({ assigned: 1, submitted: 1, mean: 75, spread: 0, disagreement: false });
    expect((await records('filter=missingReviews')).map((paper) => paper._id)).toEqual(
      expect.arrayContaining([papers.unread]),
    );
    expect((await records('filter=reviewsComplete')).map((paper) => paper._id)).not.toContain(papers.unread);

    const csv = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/records/export?view=evaluation&sort=mean`,
      headers: { cookie: admin.cookie },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, first] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('"Reviews submitted","Reviews assigned","Mean mark","Spread","Disagreement"');
    expect(first).toMatch(/,"1","1","75","0",""$/);
  });
});
