import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app.ts';
import {
  auditLog,
  committeeReviews,
  heldDecisions,
  mailOutbox,
  notifications,
  papers,
  reviewReleases,
} from '@server/db/schema/index.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';
import { releaseBatch, releaseDueDecisions } from './decision-release.service.ts';

type Paper = { _id: string; ictacemId: string; title: string };

describe('decisions released when the organiser says', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  let secondAdmin: TestUser;
  const authors: TestUser[] = [];
  const names = [
    'Nguyễn Thị Hương',
    'Łucja Wiśniewska',
    'Анна Кузнецова',
    'देवनागरी लेखक',
    '王小明',
    'Zoë Brzęczyszczykiewicz',
  ];

  beforeAll(async () => {
    t = await createTestAppWithMail();
    admin = await createTestUser(t.app, { role: 'admin', username: '陈组织' });
    secondAdmin = await createTestUser(t.app, { role: 'admin', username: 'Организатор' });
    for (const username of names) authors.push(await createTestUser(t.app, { username }));
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const call = (user: TestUser | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const setMode = async (mode: string) => {
    const res = await call(admin, 'PUT', '/admin/decision-release', { mode });
    expect(res.statusCode, res.body).toBe(200);
  };
  const decide = (paperId: string, body: Record<string, unknown>, user = admin) =>
    call(user, 'PUT', `/admin/papers/${paperId}/status`, { review: '', ...body });
  const authorView = async (author: TestUser) => {
    const res = await call(author, 'GET', '/papers/user');
    expect(res.statusCode, res.body).toBe(200);
    const [paper] = res.json() as { status: string; review: string }[];
    return { status: paper!.status, review: paper!.review };
  };
  const decisionMails = async (paperId: string) =>
    (
      await db()
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.paperId, paperId), eq(mailOutbox.kind, 'decision')))
    )[0]!.n;
  const noticesOf = async (author: TestUser) =>
    (await db().select({ n: count() }).from(notifications).where(eq(notifications.recipientId, author.user._id)))[0]!.n;
  let submitted = 0;
  const paperOf = async (author: TestUser, title: string): Promise<Paper> => {
    submitted += 1;
    return createTestPaper(t.app, author, { title: `${title} ${submitted}` });
  };

  it('refuses anyone but an admin (401 signed out, 403 an author)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/admin/decision-release', undefined],
      ['PUT', '/admin/decision-release', { mode: 'on_release' }],
      ['POST', '/admin/decision-release/preview', {}],
      ['POST', '/admin/decision-release/release', {}],
    ] as const) {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      expect((await call(authors[0]!, method, url, payload)).statusCode).toBe(403);
    }
    expect((await call(admin, 'GET', '/admin/decision-release')).json().mode).toBe('on_entry');
  });

  it('releases at once by default, as the spec says', async () => {
    const paper = await paperOf(authors[0]!, 'Entered at once');
    expect((await decide(paper._id, { status: 'abstract_accepted' })).statusCode).toBe(200);
    expect((await authorView(authors[0]!)).status).toBe('abstract_accepted');
    expect(await db().select().from(heldDecisions).where(eq(heldDecisions.paperId, paper._id))).toEqual([]);
    expect(await decisionMails(paper._id)).toBe(1);
  });

  it('refuses an unknown mode, naming the choice', async () => {
    const res = await call(admin, 'PUT', '/admin/decision-release', { mode: 'tomorrow' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Choose when decisions are released');
  });

  it('holds a decision: the author sees nothing, organisers see it held; changed again, one e-mail, the final one', async () => {
    await setMode('on_release');
    const author = authors[1]!;
    const paper = await paperOf(author, 'Held plates');
    const before = await authorView(author);
    const noticesBefore = await noticesOf(author);
    const version = (await call(admin, 'GET', `/admin/papers/${paper._id}`)).json().paper.version as number;

    const held = await decide(paper._id, { status: 'abstract_accepted', review: 'Dziękujemy, przyjęte.', version });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().paper.status).toBe('review_awaited');
    expect(held.json().paper.heldDecision).toMatchObject({
      status: 'abstract_accepted',
      review: 'Dziękujemy, przyjęte.',
      decidedBy: '陈组织',
    });
    // The paper is untouched: the version the page holds still saves.
    expect(held.json().paper.version).toBe(version);
    expect(await authorView(author)).toEqual(before);
    expect(await noticesOf(author)).toBe(noticesBefore);
    expect(await decisionMails(paper._id)).toBe(0);

    const changed = await decide(paper._id, { status: 'declined', review: 'Не принято.', version }, secondAdmin);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await db().select().from(heldDecisions).where(eq(heldDecisions.paperId, paper._id))).toMatchObject([
      { status: 'declined', review: 'Не принято.', decidedBy: secondAdmin.user._id },
    ]);
    expect(await authorView(author)).toEqual(before);

    const steps = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.paperId, paper._id), eq(auditLog.action, 'decision_held')));
    expect(steps.map((step) => step.newStatus)).toEqual(['abstract_accepted', 'declined']);
    const timeline = (await call(admin, 'GET', `/admin/papers/${paper._id}/timeline`)).body;
    expect(timeline).toContain('Decision held');

    const records = await call(
      admin,
      'GET',
      `/admin/records?view=evaluation&search=${encodeURIComponent(paper.title)}`,
    );
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json().rows[0].paper).toMatchObject({ status: 'review_awaited', heldDecision: 'declined' });

    const listed = await call(admin, 'GET', '/admin/papers?held=yes');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().papers.map((p: Paper) => p._id)).toEqual([paper._id]);
    expect(listed.json().pagination.total).toBe(1);

    const preview = await call(admin, 'POST', '/admin/decision-release/preview', {});
    expect(preview.json()).toMatchObject({
      held: { total: 1, abstract_accepted: 0, declined: 1 },
      emails: 1,
      byEmail: true,
    });

    const released = await call(admin, 'POST', '/admin/decision-release/release', {});
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      released: [{ _id: paper._id, status: 'declined' }],
      skipped: [],
      remaining: 0,
    });
    expect(await authorView(author)).toEqual({ status: 'declined', review: 'Не принято.' });
    expect(await noticesOf(author)).toBe(noticesBefore + 1);
    expect(await decisionMails(paper._id)).toBe(1);
    await expect
      .poll(() => t.smtp.inbox.filter((mail) => mail.raw.includes(paper.ictacemId)), { timeout: 10_000 })
      .toHaveLength(1);

    const again = await call(admin, 'POST', '/admin/decision-release/release', {});
    expect(again.json()).toMatchObject({ released: [], remaining: 0 });
    expect(await decisionMails(paper._id)).toBe(1);
    expect((await call(admin, 'GET', '/admin/papers?held=yes')).json().pagination.total).toBe(0);
  });

  it('drops the hold when the paper is taken back into review, and refuses a stale version', async () => {
    await setMode('on_release');
    const author = authors[2]!;
    const paper = await paperOf(author, 'Taken back');
    const { version } = (await call(admin, 'GET', `/admin/papers/${paper._id}`)).json().paper as { version: number };
    expect((await decide(paper._id, { status: 'abstract_accepted', version })).statusCode).toBe(200);
    expect((await decide(paper._id, { status: 'declined', version: version + 1 })).statusCode).toBe(409);

    const back = await decide(paper._id, { status: 'review_in_progress', version });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().paper.heldDecision).toBeNull();
    expect(await db().select().from(heldDecisions).where(eq(heldDecisions.paperId, paper._id))).toEqual([]);
    expect((await authorView(author)).status).toBe('review_in_progress');
    expect(await decisionMails(paper._id)).toBe(1);
  });

  it('drops the hold for a decision the author already sees, and for one entered once released on entry', async () => {
    const author = await createTestUser(t.app, { username: 'Phạm Minh Châu' });
    const paper = await paperOf(author, 'Dropped holds');
    await setMode('on_entry');
    expect((await decide(paper._id, { status: 'abstract_accepted', review: 'Tak.' })).statusCode).toBe(200);
    expect(await decisionMails(paper._id)).toBe(1);

    await setMode('on_release');
    expect((await decide(paper._id, { status: 'declined', review: 'Nie.' })).json().paper.heldDecision).not.toBeNull();
    // Back to what the author already reads: nothing is left to release, nothing is sent.
    const same = await decide(paper._id, { status: 'abstract_accepted', review: 'Tak.' });
    expect(same.json().paper.heldDecision).toBeNull();
    expect(await authorView(author)).toEqual({ status: 'abstract_accepted', review: 'Tak.' });
    expect(await decisionMails(paper._id)).toBe(1);

    expect((await decide(paper._id, { status: 'declined', review: 'Nie.' })).json().paper.heldDecision).not.toBeNull();
    await setMode('on_entry');
    expect((await call(admin, 'GET', '/admin/decision-release')).json().held.total).toBeGreaterThanOrEqual(1);
    const atOnce = await decide(paper._id, { status: 'declined', review: 'Nie, przykro nam.' });
    expect(atOnce.json().paper).toMatchObject({ status: 'declined', heldDecision: null });
    expect(await authorView(author)).toEqual({ status: 'declined', review: 'Nie, przykro nam.' });
    expect(await decisionMails(paper._id)).toBe(2);
  });

  it('holds bulk decisions too, and shares the reviewers’ comments only at release', async () => {
    await setMode('on_release');
    const author = authors[3]!;
    const paper = await paperOf(author, 'Bulk held');
    const member = await createTestMember(t.app, { name: 'Рецензент Один' });
    await db().insert(committeeReviews).values({
      memberId: member.memberId,
      paperId: paper._id,
      reviewerNumber: 1,
      mark: 80,
      confidence: 4,
      commentsToAuthors: 'संक्षिप्त टिप्पणी',
      submittedAt: new Date(),
    });
    const bulk = await call(admin, 'POST', '/admin/papers/bulk/status', {
      paperIds: [paper._id],
      status: 'abstract_accepted',
      review: '',
      shareReviews: true,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({ held: 1, changed: [{ _id: paper._id }] });
    expect((await authorView(author)).status).toBe('review_awaited');
    expect(await db().select().from(reviewReleases).where(eq(reviewReleases.paperId, paper._id))).toEqual([]);

    const released = await call(admin, 'POST', '/admin/decision-release/release', { paperIds: [paper._id] });
    expect(released.json().released).toHaveLength(1);
    expect(await db().select().from(reviewReleases).where(eq(reviewReleases.paperId, paper._id))).toHaveLength(1);
    expect((await authorView(author)).status).toBe('abstract_accepted');
  });

  it('releases only the selection when papers are named, in batches', async () => {
    await setMode('on_release');
    const held: Paper[] = [];
    for (const author of authors.slice(4, 6)) {
      const paper = await paperOf(author, 'Selection');
      expect((await decide(paper._id, { status: 'declined' })).statusCode).toBe(200);
      held.push(paper);
    }
    const one = await releaseBatch(t.app.ctx, admin.user, { paperIds: [held[0]!._id] }, 1);
    expect(one).toMatchObject({ released: [{ _id: held[0]!._id }], remaining: 0 });
    expect(await db().select().from(heldDecisions).where(eq(heldDecisions.paperId, held[1]!._id))).toHaveLength(1);
    const rest = await call(admin, 'POST', '/admin/decision-release/release', { paperIds: held.map((p) => p._id) });
    expect(rest.json().released.map((p: Paper) => p._id)).toEqual([held[1]!._id]);
  });

  it('releases each decision once when two organisers release at the same time', async () => {
    await setMode('on_release');
    const held: Paper[] = [];
    for (let n = 0; n < 6; n += 1) {
      const author = await createTestUser(t.app, { username: `Tác giả ${n}` });
      const paper = await paperOf(author, 'Concurrent');
      expect((await decide(paper._id, { status: n % 2 ? 'declined' : 'abstract_accepted' })).statusCode).toBe(200);
      held.push(paper);
    }
    const [a, b] = await Promise.all([
      releaseBatch(t.app.ctx, admin.user, { paperIds: held.map((p) => p._id) }, 4),
      releaseBatch(t.app.ctx, secondAdmin.user, { paperIds: held.map((p) => p._id) }, 4),
    ]);
    const released = [...a.released, ...b.released].map((p) => p._id).sort();
    expect(released).toEqual(held.map((p) => p._id).sort());
    for (const paper of held) expect(await decisionMails(paper._id)).toBe(1);
  });

  it('on the notification date: held until the date in force, then released once', async () => {
    await setMode('on_notification_date');
    const author = await createTestUser(t.app, { username: 'Hoàng Văn Đức' });
    const paper = await paperOf(author, 'Dated');
    expect((await decide(paper._id, { status: 'abstract_accepted' })).statusCode).toBe(200);
    expect(await releaseDueDecisions(t.app.ctx)).toBe(0);
    expect((await authorView(author)).status).toBe('review_awaited');

    const after = { ...t.app.ctx, now: () => new Date('2100-01-01T00:00:00Z') };
    const counts = await Promise.all([releaseDueDecisions(after), releaseDueDecisions(after)]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await authorView(author)).status).toBe('abstract_accepted');
    expect(await decisionMails(paper._id)).toBe(1);
  });

  describe.skipIf(!process.env.DATABASE_URL)('two app instances on one database', () => {
    it('release the held decisions on the notification date with one e-mail per decision', async () => {
      await setMode('on_notification_date');
      const held: Paper[] = [];
      for (let n = 0; n < 8; n += 1) {
        const author = await createTestUser(t.app, { username: `Wiśniewski ${n}` });
        const paper = await paperOf(author, 'Two processes');
        expect((await decide(paper._id, { status: 'declined' })).statusCode).toBe(200);
        held.push(paper);
      }
      // Each instance checks at start, as every process of the site does, past the notification date.
      const instances: FastifyInstance[] = [];
      try {
        for (let i = 0; i < 2; i += 1)
          instances.push(await buildApp({ ...t.config, now: () => new Date('2100-01-01T00:00:00Z') }));
        await Promise.all(instances.map((instance) => instance.ready()));
        await expect
          .poll(async () => (await db().select({ n: count() }).from(heldDecisions))[0]!.n, { timeout: 15_000 })
          .toBe(0);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
      for (const paper of held) {
        expect(await decisionMails(paper._id)).toBe(1);
        const [row] = await db().select().from(papers).where(eq(papers.id, paper._id));
        expect(row!.status).toBe('declined');
      }
    });
  });
});

describe('a release while the mail server refuses', () => {
  it('releases the decisions at once; the e-mails wait with the reason, then go once each', async () => {
    let down = true;
    const t = await createTestAppWithMail({}, { refuses: () => down });
    try {
      const admin = await createTestUser(t.app, { role: 'admin', username: 'Trần Văn Bình' });
      const author = await createTestUser(t.app, { username: 'Zofia Łęcka' });
      const paper = await createTestPaper(t.app, author, { title: 'Refused then accepted' });
      const put = (url: string, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PUT', url: `${API}${url}`, headers: { cookie: admin.cookie }, payload });
      expect((await put('/admin/decision-release', { mode: 'on_release' })).statusCode).toBe(200);
      expect(
        (await put(`/admin/papers/${paper._id}/status`, { status: 'declined', review: 'Nie tym razem.' })).statusCode,
      ).toBe(200);

      const released = await t.app.inject({
        method: 'POST',
        url: `${API}/admin/decision-release/release`,
        headers: { cookie: admin.cookie },
        payload: {},
      });
      expect(released.json().released).toHaveLength(1);
      const [row] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, paper._id));
      expect(row!.status).toBe('declined');
      const mailOf = async () =>
        (await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.paperId, paper._id)))[0]!;
      await expect.poll(async () => (await mailOf()).lastError, { timeout: 10_000 }).toMatch(/\d{3}/);
      expect((await mailOf()).status).toBe('pending');

      // The server accepts again; the retry is made due now rather than after its back-off.
      down = false;
      await t.app.ctx.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.paperId, paper._id));
      t.app.ctx.outbox!.kick();
      await expect.poll(async () => (await mailOf()).status, { timeout: 10_000 }).toBe('sent');
      expect(t.smtp.inbox.filter((mail) => mail.raw.includes(paper.ictacemId))).toHaveLength(1);
      expect(await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.paperId, paper._id))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
