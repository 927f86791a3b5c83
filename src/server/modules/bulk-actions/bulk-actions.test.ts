import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_BATCH_SIZE, BULK_MESSAGES } from '@shared/domain/bulk-actions.ts';
import { auditLog, mailOutbox, notifications, papers } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';

describe('bulk status change', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  const authored: { author: TestUser; paper: { _id: string; ictacemId: string; title: string } }[] = [];

  beforeAll(async () => {
    t = await createTestAppWithMail();
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const title of ['Bulk plates', 'Bulk shells', 'Bulk beams']) {
      const author = await createTestUser(t.app);
      authored.push({
        author,
        paper: await createTestPaper(t.app, author, { title, theme: 'Propulsion and Combustion' }),
      });
    }
  });
  afterAll(() => t.close());

  const bulkStatus = (user: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${API}/admin/papers/bulk/status`, headers: { cookie: user.cookie }, payload });
  const db = () => t.app.ctx.db;

  it('is for admins only', async () => {
    const payload = { paperIds: [authored[0]!.paper._id], status: 'declined' };
    expect((await t.app.inject({ method: 'POST', url: `${API}/admin/papers/bulk/status`, payload })).statusCode).toBe(
      401,
    );
    expect((await bulkStatus(authored[0]!.author, payload)).statusCode).toBe(403);
    const [paper] = await db().select().from(papers).where(eq(papers.id, authored[0]!.paper._id));
    expect(paper!.status).toBe('review_awaited');
  });

  it('changes each paper as a single change would: status, comments with placeholders, timeline, notice, e-mail', async () => {
    const ids = authored.slice(0, 2).map(({ paper }) => paper._id);
    const res = await bulkStatus(admin, {
      paperIds: ids,
      status: 'abstract_accepted',
      review: 'Dear {name}, "{title}" ({paperId}) is {status}. Payment: {paymentId}.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed.map((paper: { _id: string }) => paper._id)).toEqual(ids);
    expect(res.json().skipped).toEqual([]);

    for (const { author, paper } of authored.slice(0, 2)) {
      const [row] = await db().select().from(papers).where(eq(papers.id, paper._id));
      expect(row!.status).toBe('abstract_accepted');
      expect(row!.review).toBe(
        `Dear ${author.user.username}, "${paper.title}" (${paper.ictacemId}) is Abstract Accepted. Payment: not provided.`,
      );
      const [steps] = await db()
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.paperId, paper._id), eq(auditLog.action, 'status_change')));
      expect(steps!.n).toBe(1);
      const notices = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, author.user._id), eq(notifications.type, 'paper_approved')));
      expect(notices).toHaveLength(1);
      const [mails] = await db()
        .select({ n: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.notificationId, notices[0]!.id));
      expect(mails!.n).toBe(1);
      await expect
        .poll(
          () => t.smtp.inbox.filter((mail) => mail.to.includes(author.email) && mail.raw.includes(paper.ictacemId)),
          { timeout: 10_000 },
        )
        .toHaveLength(1);
    }
    const [untouched] = await db().select().from(papers).where(eq(papers.id, authored[2]!.paper._id));
    expect(untouched!.status).toBe('review_awaited');
  });

  it('skips, with the reason, a paper already so and one that no longer exists; a repeated request changes nothing', async () => {
    const gone = randomUUID();
    const ids = [authored[0]!.paper._id, authored[2]!.paper._id, gone];
    const first = await bulkStatus(admin, { paperIds: ids, status: 'abstract_accepted', review: 'Welcome, {name}.' });
    expect(first.statusCode).toBe(200);
    expect(first.json().changed.map((paper: { _id: string }) => paper._id)).toEqual(ids.slice(0, 2));
    expect(first.json().skipped).toEqual([{ _id: gone, ictacemId: '', title: '', reason: BULK_MESSAGES.notFound }]);

    const stepsBefore = await db().select({ n: count() }).from(auditLog).where(inArray(auditLog.paperId, ids));
    const again = await bulkStatus(admin, { paperIds: ids, status: 'abstract_accepted', review: 'Welcome, {name}.' });
    expect(again.json().changed).toEqual([]);
    expect(again.json().skipped.map((paper: { reason: string }) => paper.reason)).toEqual([
      BULK_MESSAGES.alreadySo,
      BULK_MESSAGES.alreadySo,
      BULK_MESSAGES.notFound,
    ]);
    const stepsAfter = await db().select({ n: count() }).from(auditLog).where(inArray(auditLog.paperId, ids));
    expect(stepsAfter).toEqual(stepsBefore);
  });

  it('keeps each paper’s own comments when none are written', async () => {
    const id = authored[0]!.paper._id;
    const [before] = await db().select().from(papers).where(eq(papers.id, id));
    expect(before!.review).not.toBe('');
    const res = await bulkStatus(admin, { paperIds: [id], status: 'review_in_progress', review: '  ' });
    expect(res.json().changed).toHaveLength(1);
    const [after] = await db().select().from(papers).where(eq(papers.id, id));
    expect(after!.status).toBe('review_in_progress');
    expect(after!.review).toBe(before!.review);
    const reset = await bulkStatus(admin, { paperIds: [id], status: 'abstract_accepted' });
    expect(reset.json().changed).toHaveLength(1);
  });

  it('refuses an empty selection, too large a batch, an unknown status or placeholder, and changes nothing', async () => {
    const id = authored[2]!.paper._id;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ paperIds: [], status: 'declined' }, BULK_MESSAGES.emptySelection],
      [
        { paperIds: Array.from({ length: BULK_BATCH_SIZE + 1 }, () => randomUUID()), status: 'declined' },
        BULK_MESSAGES.tooManyInBatch,
      ],
      [{ paperIds: [id], status: 'maybe' }, 'Please choose one of the five review statuses.'],
      [{ paperIds: [id], status: 'declined', review: 'Dear {nmae}' }, /^Unknown placeholder \{nmae\}\. You can use/],
      [{ paperIds: ['not-an-id'], status: 'declined' }, 'A paper id is not valid.'],
    ];
    for (const [payload, message] of cases) {
      const res = await bulkStatus(admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const [row] = await db().select().from(papers).where(eq(papers.id, id));
    expect(row!.status).toBe('abstract_accepted');
  });

  it('selects every paper a filter matches, in the list order, and refuses a filter matching none', async () => {
    const selection = (query: string, user = admin) =>
      t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers/bulk/selection?${query}`,
        headers: { cookie: user.cookie },
      });
    const accepted = await selection('status=abstract_accepted&theme=Propulsion%20and%20Combustion');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(new Set(accepted.json().paperIds)).toEqual(new Set(authored.map(({ paper }) => paper._id)));
    const byTitle = await selection('search=bulk%20shells');
    expect(byTitle.json().paperIds).toEqual([authored[1]!.paper._id]);
    const none = await selection('status=declined&search=bulk');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(BULK_MESSAGES.noneMatching);
    expect((await selection('status=declined', authored[0]!.author)).statusCode).toBe(403);
  });
});
