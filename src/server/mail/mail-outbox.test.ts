import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestPaper, createTestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { freePort } from '../test/net.ts';
import { startTestSmtpServer } from '../test/smtp.ts';
import { retryDelayMs } from './mail-outbox.ts';

describe('mail outbox', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // Nothing listens on the port yet: the mail server is "down".
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => t.close());

  it('keeps a mail when the server is down and delivers it once the server is back', async () => {
    const outbox = t.app.ctx.outbox!;
    await outbox.enqueue(t.app.ctx.db, { to: 'author@example.org', subject: 'Status changed', text: 'Your paper...' });
    outbox.kick();

    await expect
      .poll(async () => (await t.app.ctx.db.select().from(mailOutbox))[0]?.attempts, { timeout: 15_000 })
      .toBe(1);
    const [failed] = await t.app.ctx.db.select().from(mailOutbox);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    const smtp = await startTestSmtpServer(port);
    try {
      // Bring the retry forward instead of waiting out the backoff.
      await t.app.ctx.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, failed!.id));
      outbox.kick();
      await expect.poll(() => smtp.inbox.map((m) => m.to), { timeout: 10_000 }).toEqual([['author@example.org']]);
      await expect
        .poll(async () => (await t.app.ctx.db.select().from(mailOutbox))[0]?.status, { timeout: 5000 })
        .toBe('sent');
    } finally {
      await smtp.close();
    }
  });

  it('lets requests succeed while the mail server is down; their mail waits and goes out once it is back', async () => {
    const admin = await createTestUser(t.app, { role: 'admin' });
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted', review: 'Well argued.' },
    });
    expect(decided.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password`,
      payload: { email: author.email },
    });
    expect(reset.json()).toMatchObject({ success: true, devMode: false });

    const queuedFor = async () => t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, author.email));
    await expect.poll(async () => (await queuedFor()).map((m) => m.attempts), { timeout: 15_000 }).toEqual([1, 1]);
    expect((await queuedFor()).every((m) => m.status === 'pending' && m.lastError)).toBe(true);

    const smtp = await startTestSmtpServer(port);
    try {
      // Bring the retries forward instead of waiting out the backoff.
      await t.app.ctx.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date() })
        .where(eq(mailOutbox.toAddress, author.email));
      t.app.ctx.outbox!.kick();
      await expect
        .poll(() => smtp.inbox.filter((m) => m.to.includes(author.email)).length, { timeout: 10_000 })
        .toBe(2);
      const subjects = smtp.inbox.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);
      expect(subjects).toEqual(
        expect.arrayContaining([expect.stringContaining('Abstract accepted'), 'ICTACEM 2025: reset your password']),
      );
      await expect
        .poll(async () => (await queuedFor()).map((m) => m.status), { timeout: 5000 })
        .toEqual(['sent', 'sent']);
    } finally {
      await smtp.close();
    }
  });

  it('backs off exponentially up to an hour', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(5)).toBe(80_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
