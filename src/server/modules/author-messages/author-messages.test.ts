import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_MESSAGE_TEXTS } from '@shared/schemas/author-messages.ts';
import { BULK_MESSAGES } from '@shared/domain/bulk-actions.ts';
import { mailOutbox, notifications } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import {
  API,
  createTestApp,
  createTestAppWithMail,
  type TestApp,
  type TestAppWithMail,
} from '@server/test/test-app.ts';

const REFUSED_MAILBOX = 'no-such-mailbox';

describe('messages to authors', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  const authored: { author: TestUser; paper: { _id: string; ictacemId: string; title: string } }[] = [];

  beforeAll(async () => {
    t = await createTestAppWithMail({}, { refuses: (address) => address.startsWith(REFUSED_MAILBOX) });
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const [i, title] of ['Message plates', 'Message shells', 'Message beams', 'Message struts'].entries()) {
      const author = await createTestUser(t.app, i === 3 ? { email: `${REFUSED_MAILBOX}@example.com` } : {});
      authored.push({ author, paper: await createTestPaper(t.app, author, { title }) });
    }
    // Three accepted, of which the first has paid; the fourth waits for review.
    const accepted = authored.slice(0, 3).map(({ paper }) => paper._id);
    const accept = await call(admin, 'POST', '/admin/papers/bulk/status', {
      paperIds: accepted,
      status: 'abstract_accepted',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const pay = await call(authored[0]!.author, 'PATCH', `/papers/${authored[0]!.paper._id}/payment`, {
      paymentId: 'PAY-4242',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    await waitFor(async () => (await pendingMails()) === 0);
  });
  afterAll(() => t.close());

  function call(
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({ method, url: `${API}${url}`, headers: user ? { cookie: user.cookie } : {}, payload });
  }
  const db = () => t.app.ctx.db;
  const acceptedUnpaid = { kind: 'filter', filter: { search: '', status: 'abstract_accepted', payment: 'unpaid' } };
  const compose = (overrides: object = {}) => ({
    audience: acceptedUnpaid,
    subject: 'Payment reminder for {paperId}',
    body: 'Dear {name}, "{title}" is {status}. Payment ID: {paymentId}.',
    ...overrides,
  });

  async function pendingMails(): Promise<number> {
    const [row] = await db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    return row!.n;
  }
  async function notificationCount(): Promise<number> {
    const [row] = await db().select({ n: count() }).from(notifications);
    return row!.n;
  }
  async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('is for admins only', async () => {
    expect((await call(null, 'POST', '/admin/messages/preview', compose())).statusCode).toBe(401);
    expect((await call(authored[0]!.author, 'POST', '/admin/messages/preview', compose())).statusCode).toBe(403);
    expect((await call(authored[0]!.author, 'GET', '/admin/messages')).statusCode).toBe(403);
    expect((await call(authored[0]!.author, 'GET', '/admin/message-templates')).statusCode).toBe(403);
  });

  it('previews the texts filled for the first recipients of a filter, sending nothing', async () => {
    const before = await notificationCount();
    const res = await call(admin, 'POST', '/admin/messages/preview', compose());
    expect(res.statusCode, res.body).toBe(200);
    const { recipientCount, samples, byEmail } = res.json();
    expect(recipientCount).toBe(2);
    expect(byEmail).toBe(true);
    const [second, third] = [authored[1]!, authored[2]!];
    expect(samples.map((s: { ictacemId: string }) => s.ictacemId).sort()).toEqual(
      [second.paper.ictacemId, third.paper.ictacemId].sort(),
    );
    const sample = samples.find((s: { ictacemId: string }) => s.ictacemId === second.paper.ictacemId);
    expect(sample).toEqual({
      ictacemId: second.paper.ictacemId,
      name: second.author.user.username,
      email: second.author.user.email,
      subject: `Payment reminder for ${second.paper.ictacemId}`,
      body: `Dear ${second.author.user.username}, "${second.paper.title}" is Abstract Accepted. Payment ID: not provided.`,
    });
    expect(await notificationCount()).toBe(before);
  });

  it('refuses bad input with a clear message and sends nothing', async () => {
    const before = await notificationCount();
    const refusals: [object, string][] = [
      [compose({ body: 'Dear {firstName}' }), 'Unknown placeholder {firstName}.'],
      [compose({ subject: 'x'.repeat(201) }), AUTHOR_MESSAGE_TEXTS.subjectTooLong],
      [compose({ body: 'x'.repeat(10_001) }), AUTHOR_MESSAGE_TEXTS.bodyTooLong],
      [compose({ body: '   ' }), AUTHOR_MESSAGE_TEXTS.bodyRequired],
      [compose({ audience: { kind: 'selection', paperIds: [] } }), BULK_MESSAGES.emptySelection],
      [
        compose({ audience: { kind: 'filter', filter: { search: 'no paper is called this', status: 'declined' } } }),
        BULK_MESSAGES.noneMatching,
      ],
      [compose({ audience: { kind: 'selection', paperIds: [randomUUID()] } }), AUTHOR_MESSAGE_TEXTS.noRecipients],
    ];
    for (const [payload, message] of refusals) {
      for (const url of ['/admin/messages/preview', '/admin/messages']) {
        const res = await call(admin, 'POST', url, { ...payload, requestId: randomUUID() });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toContain(message);
      }
    }
    expect(await notificationCount()).toBe(before);
    expect((await call(admin, 'GET', '/admin/messages')).json().messages).toEqual([]);
  });

  it('notifies and e-mails each author once, however often the same request arrives, and lists the delivery', async () => {
    const selection = { kind: 'selection', paperIds: authored.map(({ paper }) => paper._id) };
    const payload = compose({ audience: selection, requestId: randomUUID() });
    const before = await notificationCount();
    // A double click: the same request twice at once, then once more.
    const [first, second] = await Promise.all([
      call(admin, 'POST', '/admin/messages', payload),
      call(admin, 'POST', '/admin/messages', payload),
    ]);
    const third = await call(admin, 'POST', '/admin/messages', payload);
    for (const res of [first!, second!, third]) expect(res.statusCode, res.body).toBe(200);
    const answers = [first!, second!, third].map((res) => res.json());
    expect(answers.map((a) => a.duplicate).sort()).toEqual([false, true, true]);
    expect(answers.every((a) => a.byEmail === true)).toBe(true);
    expect(new Set(answers.map((a) => a.message._id)).size).toBe(1);
    const message = answers[0].message;
    expect(message).toMatchObject({ audience: '4 selected papers', recipientCount: 4, sentBy: admin.user.username });
    expect(await notificationCount()).toBe(before + 4);

    const [paid] = authored;
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(inArray(notifications.recipientId, [paid!.author.user._id]))
      .orderBy(notifications.createdAt);
    expect(notice).toBeDefined();
    await waitFor(async () => t.smtp.inbox.filter((m) => m.raw.includes('Payment reminder')).length === 3);
    const mail = t.smtp.inbox.find((m) => m.to.includes(paid!.author.user.email) && m.raw.includes('PAY-4242'))!;
    expect(mail.raw).toContain(`Subject: ICTACEM 2025: Payment reminder for ${paid!.paper.ictacemId}`);
    expect(mail.raw).toContain(`Dear ${paid!.author.user.username}, "${paid!.paper.title}" is Abstract Accepted.`);

    // The refused mailbox is retried with its reason until its last attempt fails.
    const recipientsUrl = `/admin/messages/${message._id}/recipients`;
    await waitFor(async () => {
      const { recipients } = (await call(admin, 'GET', recipientsUrl)).json();
      return recipients.filter((r: { state: string }) => r.state === 'sent').length === 3;
    });
    const refusedOnce = async () => (await call(admin, 'GET', `${recipientsUrl}?state=queued`)).json();
    await waitFor(async () => (await refusedOnce()).recipients[0]?.reason !== null);
    const refused = await refusedOnce();
    expect(refused.recipients).toHaveLength(1);
    expect(refused.recipients[0]).toMatchObject({ ictacemId: authored[3]!.paper.ictacemId, state: 'queued' });
    expect(refused.recipients[0].reason).toContain('mailbox unavailable');
    await db()
      .update(mailOutbox)
      .set({ attempts: 9, nextAttemptAt: new Date() })
      .where(eq(mailOutbox.toAddress, authored[3]!.author.user.email));
    t.app.ctx.outbox.kick();
    await waitFor(
      async () => (await call(admin, 'GET', `${recipientsUrl}?state=failed`)).json().recipients.length === 1,
    );

    const list = (await call(admin, 'GET', '/admin/messages')).json();
    expect(list.pagination.total).toBe(1);
    expect(list.messages[0]).toMatchObject({
      _id: message._id,
      subject: 'Payment reminder for {paperId}',
      delivery: { queued: 0, sent: 3, failed: 1, not_emailed: 0 },
    });
    const all = (await call(admin, 'GET', recipientsUrl)).json();
    expect(all.recipients.map((r: { ictacemId: string }) => r.ictacemId)).toEqual(
      authored.map(({ paper }) => paper.ictacemId),
    );
    expect(all.recipients[0].sentAt).not.toBeNull();
    expect((await call(admin, 'GET', `/admin/messages/${randomUUID()}/recipients`)).statusCode).toBe(404);
  });

  it('keeps templates, refusing a taken name or an unknown placeholder', async () => {
    const template = { name: 'Payment reminder', subject: 'Reminder {paperId}', body: 'Dear {name}, please pay.' };
    const created = await call(admin, 'POST', '/admin/message-templates', template);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().template._id;
    expect((await call(admin, 'POST', '/admin/message-templates', template)).json().message).toBe(
      AUTHOR_MESSAGE_TEXTS.templateNameTaken,
    );
    const unknown = await call(admin, 'POST', '/admin/message-templates', { ...template, name: 'x', body: '{fee}' });
    expect(unknown.statusCode).toBe(400);

    const other = await call(admin, 'POST', '/admin/message-templates', { ...template, name: 'Welcome' });
    const renamedOnto = await call(admin, 'PUT', `/admin/message-templates/${other.json().template._id}`, template);
    expect(renamedOnto.statusCode).toBe(409);
    const updated = await call(admin, 'PUT', `/admin/message-templates/${id}`, {
      ...template,
      body: 'Please pay, {name}.',
    });
    expect(updated.json().template.body).toBe('Please pay, {name}.');

    const listed = (await call(admin, 'GET', '/admin/message-templates')).json().templates;
    expect(listed.map((tpl: { name: string }) => tpl.name)).toEqual(['Payment reminder', 'Welcome']);
    expect((await call(admin, 'DELETE', `/admin/message-templates/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/admin/message-templates/${id}`)).statusCode).toBe(404);
  });
});

describe('messages and decisions without a mail server', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('say the authors were told in the site only; their e-mails wait unsent in the outbox', async () => {
    t = await createTestApp();
    const admin = await createTestUser(t.app, { role: 'admin' });
    const author = await createTestUser(t.app, { email: 'zhang.wei@example.cn' });
    const paper = await createTestPaper(t.app, author, { title: 'Динамика оболочек' });
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { cookie: admin.cookie }, payload });
    const audience = { kind: 'selection', paperIds: [paper._id] };
    const composed = { audience, subject: 'Dates for {paperId}', body: 'Dear {name}, see the programme.' };

    const preview = await call('/admin/messages/preview', composed);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ recipientCount: 1, byEmail: false });
    const sent = await call('/admin/messages', { ...composed, requestId: randomUUID() });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ duplicate: false, byEmail: false, message: { delivery: { not_emailed: 1 } } });

    const decided = await call('/admin/papers/bulk/status', { paperIds: [paper._id], status: 'abstract_accepted' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ changed: [{ _id: paper._id }], byEmail: false });
    const written = await t.app.ctx.db
      .select({ kind: mailOutbox.kind, status: mailOutbox.status })
      .from(mailOutbox)
      .orderBy(mailOutbox.createdAt);
    expect(written).toEqual([
      { kind: 'author_message', status: 'unsent' },
      { kind: 'decision', status: 'unsent' },
    ]);
  });
});
