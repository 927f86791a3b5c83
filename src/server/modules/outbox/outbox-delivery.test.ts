import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_TEXTS, type OutboxMail } from '@shared/schemas/outbox.ts';
import { mailOutbox } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

describe('the outbox with a mail server that refuses, then accepts', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: TestUser;
  let refusing = true;
  beforeAll(async () => {
    smtp = await startTestSmtpServer(0, { refuses: () => refusing });
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    admin = await createTestUser(t.app, { role: 'admin', username: 'Lê Văn Hưng' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const open = async (mailId: string): Promise<OutboxMail> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/outbox/${mailId}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().mail;
  };
  const sendAgain = (mailId: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/admin/outbox/${mailId}/send-again`,
      headers: { cookie: admin.cookie },
    });
  const received = (to: string) => smtp.inbox.filter((mail) => mail.to.includes(to));

  it('shows a refused mail failed with the server answer, retries it and delivers it once', async () => {
    const author = await createTestUser(t.app, { username: 'Małgorzata Żółkiewska' });
    const paper = await createTestPaper(t.app, author, { title: 'Устойчивость тонких оболочек' });
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted', review: 'Sound.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [row] = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, author.email));

    await expect.poll(async () => (await open(row!.id)).state, { timeout: 15_000 }).toBe('failed');
    const failed = await open(row!.id);
    expect(failed.lastError).toContain('mailbox unavailable');
    expect(failed.attempts).toBe(1);
    expect(Date.parse(failed.retryAt!)).toBeGreaterThan(Date.now());
    // Retried by the sender itself: pressing "Send again" now could send it twice.
    expect(failed.sendAgainRefusal).toBe(OUTBOX_TEXTS.retrying);
    expect((await sendAgain(row!.id)).statusCode).toBe(409);

    refusing = false;
    // The first retry comes 5 s after the refusal.
    await expect.poll(async () => (await open(row!.id)).state, { timeout: 20_000 }).toBe('sent');
    const sent = await open(row!.id);
    expect(sent).toMatchObject({
      attempts: 2,
      lastError: null,
      retryAt: null,
      sendAgainRefusal: OUTBOX_TEXTS.alreadySent,
    });
    expect(received(author.email)).toHaveLength(1);
    const again = await sendAgain(row!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OUTBOX_TEXTS.alreadySent);
  });

  it('sends again a mail given up on, or written before the server was configured, once however often pressed', async () => {
    const given = await t.app.ctx.db
      .insert(mailOutbox)
      .values([
        {
          kind: 'reminder',
          status: 'failed',
          attempts: 10,
          lastError: '421 4.7.0 try again later',
          toAddress: 'priya.iyer@example.in',
          subject: 'प्रिया, two reviews to submit',
          textBody: 'Dear Priya Iyer, …',
        },
        {
          kind: 'invitation',
          status: 'unsent',
          toAddress: 'chen.jing@example.cn',
          subject: 'Invitation for 陈静',
          textBody: 'Dear 陈静, …',
        },
      ])
      .returning({ id: mailOutbox.id, to: mailOutbox.toAddress });
    for (const { id, to } of given) {
      expect((await open(id)).sendAgainRefusal).toBeNull();
      // Two organisers at once: one queues it, the other is told it is queued.
      const answers = await Promise.all([sendAgain(id), sendAgain(id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const ok = answers.find((a) => a.statusCode === 200)!.json();
      expect(ok.message).toBe(OUTBOX_TEXTS.sentAgain);
      await expect.poll(async () => (await open(id)).state, { timeout: 10_000 }).toBe('sent');
      expect(received(to)).toHaveLength(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(given.map(({ to }) => received(to).length)).toEqual([1, 1]);
  });
});
