import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
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

  it('backs off exponentially up to an hour', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(5)).toBe(80_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
