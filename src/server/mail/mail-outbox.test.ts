import { asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestPaper, createTestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { freePort } from '../test/net.ts';
import { startTestSmtpServer } from '../test/smtp.ts';
import { MailOutbox, retryDelayMs } from './mail-outbox.ts';

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
    const outbox = t.app.ctx.outbox;
    await outbox.enqueue(t.app.ctx.db, {
      kind: 'notice',
      to: 'author@example.org',
      subject: 'Status changed',
      text: 'Your paper...',
    });
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
      t.app.ctx.outbox.kick();
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

/** A mail server that takes each message only when the test lets it. */
async function heldSmtpServer() {
  let started = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      started += 1;
      stream.resume();
      stream.on('end', () => void released.then(() => callback()));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    started: () => started,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mail outbox at shutdown', () => {
  async function withQueuedMails(waitMs: number, releaseAfterMs: number | null) {
    const smtp = await heldSmtpServer();
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const outbox = t.app.ctx.outbox;
      for (const n of [1, 2, 3]) {
        await outbox.enqueue(t.app.ctx.db, {
          kind: 'notice',
          to: `author${n}@example.org`,
          subject: `Mail ${n}`,
          text: '...',
        });
      }
      outbox.kick();
      // The first mail of the claimed batch is with the mail server.
      await expect.poll(smtp.started, { timeout: 10_000 }).toBe(1);
      const stopStarted = performance.now();
      if (releaseAfterMs !== null) setTimeout(smtp.release, releaseAfterMs);
      await outbox.stop(waitMs);
      const stopMs = performance.now() - stopStarted;
      outbox.kick();
      const rows = await t.app.ctx.db.select().from(mailOutbox).orderBy(asc(mailOutbox.subject));
      return { rows, stopMs, started: smtp.started(), checkedAt: Date.now() };
    } finally {
      smtp.release();
      await t.close();
      await smtp.close();
    }
  }

  it('stops claiming, finishes the mail being sent and hands the rest of its batch back, due at once', async () => {
    const { rows, started, checkedAt } = await withQueuedMails(5_000, 300);
    expect(started).toBe(1);
    expect(rows.map((m) => [m.subject, m.status, m.attempts])).toEqual([
      ['Mail 1', 'sent', 1],
      ['Mail 2', 'pending', 0],
      ['Mail 3', 'pending', 0],
    ]);
    // Released, not leased for minutes: another process sends them at its next look.
    for (const m of rows.slice(1)) expect(m.nextAttemptAt.getTime()).toBeLessThanOrEqual(checkedAt);
  });

  it('waits a bounded time for a mail server that does not answer; that mail keeps its lease', async () => {
    const { rows, stopMs, checkedAt } = await withQueuedMails(300, null);
    expect(stopMs).toBeLessThan(2_000);
    expect(rows.map((m) => [m.subject, m.status, m.attempts])).toEqual([
      ['Mail 1', 'pending', 0],
      ['Mail 2', 'pending', 0],
      ['Mail 3', 'pending', 0],
    ]);
    // Whether the server took mail 1 is unknown: it is retried after the lease, not at once.
    expect(rows[0]!.nextAttemptAt.getTime()).toBeGreaterThan(checkedAt + 60_000);
    expect(rows[1]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(checkedAt);
    expect(rows[2]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(checkedAt);
  });
});

describe('mail outbox with several senders', () => {
  it('sends each mail exactly once when the mail server is slower than the lease allows a batch', async () => {
    // Each mail takes 400 ms and a claim lasts 1 s: ten mails claimed together would outlive it.
    const smtp = await startTestSmtpServer(0, { delayMs: 400 });
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    const senders = [0, 1].map(
      () =>
        new MailOutbox(t.app.ctx.db, `smtp://127.0.0.1:${smtp.port}`, t.config.mailFrom, t.app.log, {
          leaseMs: 1_000,
        }),
    );
    try {
      for (let n = 1; n <= 6; n += 1)
        await senders[0]!.enqueue(t.app.ctx.db, {
          kind: 'notice',
          to: `author${n}@example.org`,
          subject: `Mail ${n}`,
          text: '...',
        });
      for (const sender of senders) sender.start();
      // Each sender looks for due mail every 100 ms (as after a kick from new mail), not every 15 s.
      const looking = setInterval(() => senders.forEach((sender) => sender.kick()), 100);
      onTestFinished(() => clearInterval(looking));
      await expect
        .poll(async () => (await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).length, {
          timeout: 15_000,
        })
        .toBe(6);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const ids = smtp.inbox.map(({ raw }) => /^Message-ID: <([^@>]+)@ictacem\.test>/im.exec(raw)?.[1]);
      expect(ids).toHaveLength(6);
      const rows = await t.app.ctx.db.select().from(mailOutbox);
      expect(new Set(ids)).toEqual(new Set(rows.map((m) => m.id)));
      expect(rows.map((m) => m.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
      await t.close();
      await smtp.close();
    }
  });
});
