import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@scripts/seed-demo.ts';
import { auditLog, mailOutbox, notifications, papers, submissionVersions } from '@server/db/schema/index.ts';
import { checkReviewInvariants } from '@server/ops/review-invariants.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';

/** The review records an organiser must be able to trust (cases 1-7 of the review-integrity work). */
describe('review records', () => {
  let t: TestAppWithMail;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestAppWithMail();
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const call = async (user: TestUser, method: 'GET' | 'PUT' | 'PATCH' | 'POST', path: string, payload?: unknown) => {
    const body =
      payload && typeof payload === 'object' && 'payload' in payload
        ? (payload as ReturnType<typeof multipart>)
        : undefined;
    const res = await t.app.inject({
      method,
      url: `${API}${path}`,
      headers: { cookie: user.cookie, ...body?.headers },
      payload: body ? body.payload : (payload as Record<string, unknown> | undefined),
    });
    const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
    return { status: res.statusCode, json: isJson ? res.json() : undefined, body: res.body };
  };
  const setStatus = (paperId: string, status: string) =>
    call(admin, 'PUT', `/admin/papers/${paperId}/status`, { status, review: `Set to ${status}` });
  const pdf = (field: string, name: string) => multipart({}, [{ field, name, content: pdfBytes(name) }]);

  /** Everything a refused action must leave alone. */
  const fingerprint = async (paperId: string) => {
    const [row] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, paperId));
    const [steps] = await t.app.ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.paperId, paperId));
    const [notes] = await t.app.ctx.db.select({ n: count() }).from(notifications);
    const [mails] = await t.app.ctx.db.select({ n: count() }).from(mailOutbox);
    return { row, steps: steps!.n, notes: notes!.n, mails: mails!.n };
  };

  it('1. counts one rule everywhere: an admin-owned paper and every account are counted in cards, chips, tables, totals and CSV', async () => {
    const paid = await createTestUser(t.app);
    const paidPaper = await createTestPaper(t.app, paid);
    await setStatus(paidPaper._id, 'abstract_accepted');
    await call(paid, 'PATCH', `/papers/${paidPaper._id}/payment`, { paymentId: 'PAY-111' });
    await createTestUser(t.app); // an author without a paper
    const adminPaper = await createTestPaper(t.app, admin, { title: 'The committee chair submits too' });

    const { json: statsAnswer } = await call(admin, 'GET', '/admin/stats');
    const stats = statsAnswer.stats;
    const users = await call(admin, 'GET', '/admin/users?page=1&limit=50');
    expect(stats.totalUsers).toBe(users.json.pagination.total);
    const paperList = await call(admin, 'GET', '/admin/papers?page=1&limit=50');
    expect(stats.total).toBe(paperList.json.pagination.total);
    expect(paperList.json.papers.map((p: { _id: string }) => p._id)).toContain(adminPaper._id);

    for (const view of ['financial', 'evaluation']) {
      const all = await call(admin, 'GET', `/admin/records?view=${view}&page=1&limit=50`);
      const summary = all.json.summary;
      const withPaper = all.json.rows.filter((r: { paper: unknown }) => r.paper !== null);
      expect(all.json.pagination.total).toBe(all.json.rows.length);
      expect(summary.totalSubmissions).toBe(withPaper.length);
      expect(summary.noSubmissions).toBe(all.json.rows.length - withPaper.length);
      expect(withPaper.map((r: { paper: { _id: string } }) => r.paper._id)).toContain(adminPaper._id);
      expect(summary.totalSubmissions).toBe(stats.total);
      for (const filter of ['paid', 'unpaid', 'evaluated', 'pending'] as const) {
        const filtered = await call(admin, 'GET', `/admin/records?view=${view}&filter=${filter}&page=1&limit=50`);
        expect(filtered.json.pagination.total, filter).toBe(summary[filter]);
      }
      const csv = await call(admin, 'GET', `/admin/records/export?view=${view}`);
      expect(csv.status).toBe(200);
      const lines = csv.body.trim().split(/\r?\n/).slice(1);
      expect(lines).toHaveLength(all.json.pagination.total);
      expect(csv.body).toContain('The committee chair submits too');
    }
    expect(await checkReviewInvariants(t.app.ctx.db)).toEqual([]);
  });

  it('2. shows a decision in the very next statistics read, also a write made outside this process', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const before = (await call(admin, 'GET', '/admin/stats')).json.stats;
    expect((await setStatus(paper._id, 'abstract_accepted')).status).toBe(200);
    const after = (await call(admin, 'GET', '/admin/stats')).json.stats;
    expect(after.byStatus.abstract_accepted).toBe(before.byStatus.abstract_accepted + 1);
    expect(after.byStatus.review_awaited).toBe(before.byStatus.review_awaited - 1);

    // Another server process writes through the database only: no signal reaches this one.
    await t.app.ctx.db.update(papers).set({ status: 'declined' }).where(eq(papers.id, paper._id));
    const seen = (await call(admin, 'GET', '/admin/stats')).json.stats;
    expect(seen.byStatus.declined).toBe(before.byStatus.declined + 1);
    expect(seen.byStatus.abstract_accepted).toBe(before.byStatus.abstract_accepted);
    const records = (await call(admin, 'GET', '/admin/records?view=evaluation&page=1&limit=10')).json.summary;
    expect(records.totalSubmissions).toBe(seen.total);
    await t.app.ctx.db.update(papers).set({ status: 'abstract_accepted' }).where(eq(papers.id, paper._id));
  });

  it('3. never erases saved marks by a typo: non-numbers, fractions and out-of-range marks are refused, clearing takes clearMarks', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const url = `/admin/papers/${paper._id}/evaluate`;
    expect((await call(admin, 'PUT', url, { marks: 85, confidentialComments: 'Solid' })).status).toBe(200);
    const marksNow = async () =>
      (await t.app.ctx.db.select().from(papers).where(eq(papers.id, paper._id)))[0]!.evaluationMarks;

    for (const marks of ['e', '1e', '-', '85', 85.5, -1, 101, true, {}]) {
      const res = await call(admin, 'PUT', url, { marks, confidentialComments: 'typo' });
      expect(res.status, JSON.stringify(marks)).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.message).toMatch(/Marks must be/);
      expect(await marksNow()).toBe(85);
    }
    const nullOverMarks = await call(admin, 'PUT', url, { marks: null, confidentialComments: 'empty field' });
    expect(nullOverMarks.status).toBe(409);
    expect(nullOverMarks.json.message).toContain('Clear marks');
    expect(await marksNow()).toBe(85);
    expect((await call(admin, 'PUT', url, { clearMarks: 'true', confidentialComments: '' })).status).toBe(400);
    expect((await call(admin, 'PUT', url, { clearMarks: true, marks: 40, confidentialComments: '' })).status).toBe(400);
    expect(await marksNow()).toBe(85);

    const commentsOnly = await call(admin, 'PUT', url, { confidentialComments: 'Only a comment' });
    expect(commentsOnly.json.paper.adminEvaluation).toMatchObject({
      marks: 85,
      confidentialComments: 'Only a comment',
    });
    const cleared = await call(admin, 'PUT', url, { clearMarks: true, confidentialComments: 'Withdrawn score' });
    expect(cleared.status).toBe(200);
    expect(cleared.json.paper.adminEvaluation.marks).toBeNull();
    expect(await marksNow()).toBeNull();
    const timeline = (await call(admin, 'GET', `/admin/papers/${paper._id}/timeline`)).json.timeline;
    expect(
      timeline.filter((e: { action: string }) => e.action === 'evaluation').map((e: { marks: unknown }) => e.marks),
    ).toEqual([
      { from: null, to: 85 },
      { from: 85, to: 85 },
      { from: 85, to: null },
    ]);
  });

  it('4. tells the author of a restore, in the app and by e-mail, as it does of a reset', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    expect(
      (
        await call(admin, 'PUT', `/admin/papers/${paper._id}/toggle-abstract`, {
          resetAbstract: true,
          reason: 'Wrong template',
        })
      ).status,
    ).toBe(200);
    const restored = await call(admin, 'PUT', `/admin/papers/${paper._id}/toggle-abstract`, { resetAbstract: false });
    expect(restored.status).toBe(200);
    expect(restored.json.message).toBe('Abstract submission restored successfully');

    const mine = await call(author, 'GET', '/notifications?page=1&limit=10');
    const titles = mine.json.data.notifications.map((n: { title: string }) => n.title);
    expect(titles[0]).toBe(`Abstract restored: ${paper.ictacemId}`);
    expect(titles).toContain(`Abstract reset: ${paper.ictacemId}`);
    await expect
      .poll(() => t.smtp.inbox.find((m) => m.to.includes(author.email) && m.raw.includes('Abstract restored')), {
        timeout: 10_000,
      })
      .toBeTruthy();
    const papersOfAuthor = await call(author, 'GET', '/papers/user');
    expect(papersOfAuthor.json[0].pdfPath).not.toBeNull();
  });

  it('5. records why an accepted paper returns to review after its abstract is re-uploaded, and keeps its payment and full paper', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    await setStatus(paper._id, 'abstract_accepted');
    await call(author, 'PATCH', `/papers/${paper._id}/payment`, { paymentId: 'PAY-555' });
    expect(
      (await call(author, 'POST', `/papers/${paper._id}/full-paper`, pdf('fullPaperPdf', 'full.pdf'))).status,
    ).toBe(200);
    await call(admin, 'PUT', `/admin/papers/${paper._id}/toggle-abstract`, {
      resetAbstract: true,
      reason: 'Figure 2 missing',
    });

    const reuploaded = await call(author, 'POST', `/papers/${paper._id}/re-upload-abstract`, pdf('paperPdf', 'v2.pdf'));
    expect(reuploaded.status).toBe(200);
    expect(reuploaded.json.paper).toMatchObject({ status: 'review_awaited', paymentId: 'PAY-555' });
    expect(reuploaded.json.paper.fullPaperPdfPath).not.toBeNull();

    const timeline = (await call(admin, 'GET', `/admin/papers/${paper._id}/timeline`)).json.timeline as {
      action: string;
      fromStatus: string | null;
      toStatus: string;
      actor: { name: string; role: string };
      reason: string | null;
    }[];
    expect(timeline.map((e) => e.action)).toEqual([
      'submitted',
      'status_change',
      'payment_added',
      'full_paper_submitted',
      'abstract_reset',
      'abstract_reupload',
    ]);
    expect(timeline.at(-2)).toMatchObject({
      fromStatus: 'abstract_accepted',
      toStatus: 'abstract_accepted',
      reason: 'Figure 2 missing',
      actor: { role: 'organiser' },
    });
    expect(timeline.at(-1)).toMatchObject({
      fromStatus: 'abstract_accepted',
      toStatus: 'review_awaited',
      actor: { role: 'author' },
    });
    const adminNote = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, admin.user._id), eq(notifications.paperId, paper._id)));
    expect(adminNote.map((n) => n.message).join('\n')).toContain('from Abstract Accepted to Review Awaited');
    // The author cannot see the timeline.
    expect((await call(author, 'GET', `/admin/papers/${paper._id}/timeline`)).status).toBe(403);
  });

  it('6. marks a replaced version Superseded, keeping who reset it and why', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    await call(admin, 'PUT', `/admin/papers/${paper._id}/toggle-abstract`, {
      resetAbstract: true,
      reason: 'Wrong template',
    });
    await call(author, 'POST', `/papers/${paper._id}/re-upload-abstract`, pdf('paperPdf', 'v2.pdf'));
    const history = (await call(admin, 'GET', `/admin/papers/${paper._id}/history`)).json.paper;
    expect(
      history.abstractSubmissionHistory.map((v: { version: number; status: string; resetReason: string | null }) => [
        v.version,
        v.status,
        v.resetReason,
      ]),
    ).toEqual([
      [2, 'current', null],
      [1, 'superseded', 'Wrong template'],
    ]);
    const rows = await t.app.ctx.db.select().from(submissionVersions).where(eq(submissionVersions.paperId, paper._id));
    expect(rows.filter((r) => r.status === 'reset_by_admin')).toEqual([]);
  });

  it('refuses transitions the state machine forbids with 409, changing nothing and telling nobody', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    await setStatus(paper._id, 'declined');
    const cases: [string, () => ReturnType<typeof call>, string][] = [
      [
        'payment on a declined paper',
        () => call(author, 'PATCH', `/papers/${paper._id}/payment`, { paymentId: 'PAY-1' }),
        'A payment ID can be added only after the abstract is accepted.',
      ],
      [
        'full paper of a declined paper',
        () => call(author, 'POST', `/papers/${paper._id}/full-paper`, pdf('fullPaperPdf', 'f.pdf')),
        'A full paper can be submitted only after the abstract is accepted.',
      ],
      [
        'restore without a reset',
        () => call(admin, 'PUT', `/admin/papers/${paper._id}/toggle-abstract`, { resetAbstract: false }),
        'The abstract is submitted; there is nothing to restore.',
      ],
      [
        'full-paper reset without a full paper',
        () => call(admin, 'PUT', `/admin/papers/${paper._id}/toggle-fullpaper`, { resetFullPaper: true }),
        'There is no full paper file to reset.',
      ],
      [
        're-upload without a reset',
        () => call(author, 'POST', `/papers/${paper._id}/re-upload-abstract`, pdf('paperPdf', 'r.pdf')),
        'The abstract can be re-uploaded only after an administrator has reset it.',
      ],
    ];
    for (const [what, attempt, message] of cases) {
      const before = await fingerprint(paper._id);
      const res = await attempt();
      expect(res.status, what).toBe(409);
      expect(res.json, what).toEqual({ success: false, message });
      expect(await fingerprint(paper._id), what).toEqual(before);
    }
    await setStatus(paper._id, 'abstract_accepted');
    const before = await fingerprint(paper._id);
    const unpaid = await call(author, 'POST', `/papers/${paper._id}/full-paper`, pdf('fullPaperPdf', 'f.pdf'));
    expect(unpaid).toMatchObject({
      status: 409,
      json: { message: 'Please add your payment ID before submitting the full paper.' },
    });
    const badStatus = await call(admin, 'PUT', `/admin/papers/${paper._id}/status`, { status: 'submitted' });
    expect(badStatus.status).toBe(400);
    expect(await fingerprint(paper._id)).toEqual(before);
  });

  it('7. seeds demo data that obeys the same rules as real data', async () => {
    await seedDemo(t.app.ctx.db, t.config.dataDir, { users: 60, papers: 50 });
    expect(await checkReviewInvariants(t.app.ctx.db)).toEqual([]);
  });
});
