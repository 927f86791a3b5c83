import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_TEXTS } from '@shared/domain/assignment.ts';
import { CONFLICT_TEXTS, UNLIFTABLE_CONFLICT_REASONS } from '@shared/domain/conflicts.ts';
import { REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import type { MemberConflict, PaperConflicts } from '@shared/schemas/conflicts.ts';
import { committeeMembers, committeeReviews, conflictRecords } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const THEME = 'Solid Mechanics and Dynamics';

describe('conflicts an organiser cannot lift: the member’s own paper', () => {
  let t: TestApp;
  let admin: TestUser;
  let submitter: TestUser;
  let coAuthor: TestUser;
  let paperId: string;
  const ids: Record<'submitter' | 'coAuthor' | 'colleague', string> = {} as never;
  const stamp = Date.now();

  async function addMember(
    key: keyof typeof ids,
    name: string,
    email: string,
    userId: string | null,
    affiliation = '',
  ) {
    const [row] = await t.app.ctx.db
      .insert(committeeMembers)
      .values({ name, email, affiliation, themes: [THEME], maxPapers: 5, status: 'accepted', userId })
      .returning();
    ids[key] = row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    submitter = await createTestUser(t.app, { username: 'Олена Коваленко', email: `olena.k.${stamp}@knu.ua` });
    coAuthor = await createTestUser(t.app, { username: 'Trần Minh Đức', email: `duc.tran.${stamp}@hust.edu.vn` });
    paperId = (
      await createTestPaper(t.app, submitter, {
        title: 'Crack growth in welded steel joints',
        theme: THEME,
        authors: JSON.stringify([
          { name: 'Олена Коваленко', affiliation: 'Київський національний університет', address: 'Київ' },
          {
            name: 'Trần Minh Đức',
            affiliation: 'Đại học Bách khoa Hà Nội',
            // The co-author's e-mail as authors write it into their address, capitals and all.
            address: `1 Đại Cồ Việt, Hà Nội (Duc.Tran.${stamp}@HUST.edu.vn)`,
          },
        ]),
      })
    )._id;
    await addMember('submitter', 'Олена Коваленко', submitter.email, submitter.user._id);
    await addMember('coAuthor', 'Trần Minh Đức', coAuthor.email, coAuthor.user._id);
    const colleague = await createTestUser(t.app, { username: 'Mai Anh' });
    await addMember('colleague', 'Nguyễn Mai Anh', colleague.email, colleague.user._id, 'Đại học Bách khoa Hà Nội');
  });
  afterAll(() => t.close());

  const lift = (memberId: string, reason: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${paperId}/conflicts/${memberId}/lift`,
      headers: { cookie: admin.cookie },
      payload: { reason },
    });
  const standing = async (key: keyof typeof ids): Promise<MemberConflict> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${paperId}/conflicts`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().conflicts as PaperConflicts).members.find((m) => m.memberId === ids[key])!;
  };
  /** A lift written straight into the table: one recorded before such lifts were refused. */
  const staleLift = (key: keyof typeof ids) =>
    t.app.ctx.db
      .insert(conflictRecords)
      .values({ memberId: ids[key], paperId, kind: 'lifted', note: 'Recorded earlier', recordedBy: admin.user._id });

  it('refuses to lift the submitter’s and an author’s conflict, naming why, and lifts the others with a reason', async () => {
    expect((await standing('submitter')).automatic).toEqual([{ kind: 'own_paper', reason: 'Submitted this paper' }]);
    expect((await standing('coAuthor')).automatic).toContainEqual({
      kind: 'author_email',
      reason: `An author of this paper (duc.tran.${stamp}@hust.edu.vn)`,
    });

    const own = await lift(ids.submitter, 'Same name as a student of ours');
    expect([own.statusCode, own.json().message]).toEqual([
      409,
      'This conflict cannot be lifted: the member submitted this paper.',
    ]);
    const author = await lift(ids.coAuthor, 'A namesake at another Bách khoa');
    expect([author.statusCode, author.json().message]).toEqual([
      409,
      'This conflict cannot be lifted: the member is an author of this paper.',
    ]);
    expect(await standing('submitter')).toMatchObject({ conflicted: true, record: null });
    expect(await standing('coAuthor')).toMatchObject({ conflicted: true, record: null });

    const colleague = await lift(ids.colleague, 'Left Bách khoa in 2015');
    expect([colleague.statusCode, colleague.json().message]).toEqual([200, CONFLICT_TEXTS.lifted('Nguyễn Mai Anh')]);
    expect(await standing('colleague')).toMatchObject({ conflicted: false, record: { kind: 'lifted' } });
    expect(Object.keys(UNLIFTABLE_CONFLICT_REASONS).sort()).toEqual(['author_email', 'own_paper']);
  });

  it('never assigns the submitter or an author, nor takes their review, whatever lift is on record', async () => {
    await staleLift('submitter');
    await staleLift('coAuthor');
    expect(await standing('submitter')).toMatchObject({ conflicted: true, record: { kind: 'lifted' } });
    expect(await standing('coAuthor')).toMatchObject({ conflicted: true, record: { kind: 'lifted' } });
    // Lifting again still names why, rather than saying there is nothing to lift.
    expect((await lift(ids.submitter, 'Again')).json().message).toBe(
      'This conflict cannot be lifted: the member submitted this paper.',
    );

    for (const key of ['submitter', 'coAuthor'] as const) {
      const assigned = await t.app.inject({
        method: 'POST',
        url: `${API}/admin/assignments`,
        headers: { cookie: admin.cookie },
        payload: { paperIds: [paperId], memberIds: [ids[key]] },
      });
      const name = key === 'submitter' ? 'Олена Коваленко' : 'Trần Minh Đức';
      expect([assigned.statusCode, assigned.json().message]).toEqual([
        409,
        ASSIGNMENT_TEXTS.conflicted(name, 'Crack growth in welded steel joints'),
      ]);
    }
    expect(
      await t.app.ctx.db.select().from(committeeReviews).where(eq(committeeReviews.paperId, paperId)),
    ).toHaveLength(0);

    // An assignment already on record (made before the address named the author) takes no review.
    for (const [key, user] of [
      ['submitter', submitter],
      ['coAuthor', coAuthor],
    ] as const) {
      await t.app.ctx.db.insert(committeeReviews).values({ memberId: ids[key], paperId, reviewerNumber: 0 });
      const submitted = await t.app.inject({
        method: 'POST',
        url: `${API}/committee/reviews/${paperId}/submit`,
        headers: { cookie: user.cookie },
        payload: { mark: 95, confidence: 5, commentsToAuthors: 'Excellent work.', confidentialComments: '' },
      });
      expect([submitted.statusCode, submitted.json().message]).toEqual([404, REVIEW_TEXTS.notFound]);
      const [row] = await t.app.ctx.db
        .select()
        .from(committeeReviews)
        .where(and(eq(committeeReviews.memberId, ids[key]), eq(committeeReviews.paperId, paperId)));
      expect(row!.submittedAt).toBeNull();
      await t.app.ctx.db.delete(committeeReviews).where(eq(committeeReviews.id, row!.id));
    }
  });
});
