import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PAGE_SIZE, OUTBOX_TEXTS, type OutboxMail, type OutboxMailSummary } from '@shared/schemas/outbox.ts';
import { COMMITTEE_TEXTS } from '@shared/domain/committee.ts';
import { mailOutbox } from '@server/db/schema/index.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestApp, type TestApp, uniqueEmail } from '@server/test/test-app.ts';

describe('the outbox on a site without a mail server', () => {
  let t: TestApp;
  let admin: TestUser;
  let otherAdmin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://conference.example' });
    admin = await createTestUser(t.app, { role: 'admin', username: 'Nguyễn Thị Minh Khai' });
    otherAdmin = await createTestUser(t.app, { role: 'admin', username: 'Grzegorz Brzęczyszczykiewicz' });
  });
  afterAll(() => t.close());

  const get = (url: string, who: TestUser = admin) =>
    t.app.inject({ method: 'GET', url: `${API}/admin/outbox${url}`, headers: { cookie: who.cookie } });
  const sendAgain = (mailId: string, who: TestUser = admin) =>
    t.app.inject({ method: 'POST', url: `${API}/admin/outbox/${mailId}/send-again`, headers: { cookie: who.cookie } });
  const list = async (query = ''): Promise<{ mails: OutboxMailSummary[]; canSend: boolean; total: number }> => {
    const res = await get(`?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { mails: body.mails, canSend: body.canSend, total: body.pagination.total };
  };
  const open = async (mailId: string, who: TestUser = admin): Promise<OutboxMail> => {
    const res = await get(`/${mailId}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().mail;
  };
  const invite = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/invitations`,
      headers: { cookie: admin.cookie },
      payload: { name: 'Рахманинова Анна', email, themes: ['Solid Mechanics and Dynamics'], maxPapers: 4 },
    });

  it('writes every mail, unsent: a decision, an invitation and a password reset, each of its kind', async () => {
    const author = await createTestUser(t.app, { username: 'अनन्या शर्मा' });
    const paper = await createTestPaper(t.app, author, { title: '湍流边界层的数值模拟' });
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted', review: 'Clear and original.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const annaEmail = uniqueEmail('anna');
    const invited = await invite(annaEmail);
    expect(invited.statusCode).toBe(201);
    // The organiser is told it waits in the Outbox, not that it was sent.
    expect(invited.json().message).toBe(COMMITTEE_TEXTS.invitationUnsent(annaEmail));
    const reset = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password`,
      payload: { email: author.email },
    });
    // The specification's development mode stays: the page says where the link went.
    expect(reset.json()).toMatchObject({ success: true, devMode: true });

    const { mails, canSend } = await list();
    expect(canSend).toBe(false);
    expect(mails.map((m) => [m.kind, m.state, m.attempts])).toEqual([
      ['security', 'unsent', 0],
      ['invitation', 'unsent', 0],
      ['decision', 'unsent', 0],
    ]);
    expect(mails[2]).toMatchObject({ to: author.email, recipientName: 'अनन्या शर्मा', sentAt: null, retryAt: null });
    expect((await list('kind=decision')).mails.map((m) => m.kind)).toEqual(['decision']);
    expect((await list('state=unsent')).total).toBe(3);
    expect((await list('state=sent')).mails).toEqual([]);
    expect((await list('kind=security&state=failed')).total).toBe(0);
  });

  it('never returns the text of a security mail, and shows the others as sent, attachments listed', async () => {
    const { mails } = await list('kind=security');
    const security = await open(mails[0]!._id);
    expect(security.body).toBeNull();
    const raw = JSON.stringify(await get(`/${mails[0]!._id}`).then((r) => r.json()));
    expect(raw).not.toContain('reset-password');

    await t.app.ctx.outbox.enqueue(t.app.ctx.db, {
      kind: 'presentation',
      to: 'tran.van.an@example.vn',
      subject: 'ICTACEM 2025: your presentation',
      text: 'Trần Văn An, your talk is on Thursday.',
      attachments: [
        { filename: 'talk.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
      ],
    });
    const [presentation] = (await list('kind=presentation')).mails;
    expect(await open(presentation!._id)).toMatchObject({
      from: t.config.mailFrom,
      body: 'Trần Văn An, your talk is on Thursday.',
      attachments: [{ filename: 'talk.ics', contentType: 'text/calendar', size: 32 }],
      sendAgainRefusal: OUTBOX_TEXTS.noMailServer,
    });
  });

  it('gives an invitation link to the organiser who sent it only, while it opens the invitation', async () => {
    const email = uniqueEmail('wojciech');
    expect((await invite(email)).statusCode).toBe(201);
    const [mail] = (await list('kind=invitation')).mails;
    expect(mail!.to).toBe(email);

    const mine = await open(mail!._id);
    expect(mine.queuedByName).toBe('Nguyễn Thị Minh Khai');
    expect(mine.invitationLink).toMatchObject({ usable: true });
    const theirs = await open(mail!._id, otherAdmin);
    expect(theirs.invitationLink).toBeNull();
    // Nor in the text: the body of an invitation is the sender's to read with its link.
    expect(theirs.body).not.toContain('/committee-invitation/');
    expect(theirs.body).toContain(OUTBOX_TEXTS.linkHidden);

    const token = mine.invitationLink!.url.split('/committee-invitation/')[1]!;
    expect(mine.invitationLink!.url).toBe(`https://conference.example/ictacem2025/committee-invitation/${token}`);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `${API}/committee/invitations/${token}/accept`,
      payload: { password: 'a long and new password' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await open(mail!._id)).invitationLink).toMatchObject({ usable: false });

    // Written when the site had another address: still hidden from other organisers.
    const [old] = await t.app.ctx.db
      .insert(mailOutbox)
      .values({
        kind: 'invitation',
        status: 'unsent',
        queuedBy: admin.user._id,
        toAddress: 'ola@example.pl',
        subject: 'Invitation',
        textBody: 'Accept here:\nhttp://old.example/ictacem2025/committee-invitation/Zm9vYmFy_-1\nThanks.',
      })
      .returning({ id: mailOutbox.id });
    expect((await open(old!.id, otherAdmin)).body).toBe(`Accept here:\n${OUTBOX_TEXTS.linkHidden}\nThanks.`);
    expect((await open(old!.id)).invitationLink).toEqual({
      url: 'http://old.example/ictacem2025/committee-invitation/Zm9vYmFy_-1',
      usable: false,
    });
  });

  it('refuses "Send again" without a mail server, and keeps the mail unsent', async () => {
    const [mail] = (await list('kind=decision')).mails;
    const res = await sendAgain(mail!._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OUTBOX_TEXTS.noMailServer);
    const [row] = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!._id));
    expect(row!.status).toBe('unsent');
  });

  it('is for admins only: an author and a committee member are refused, 404 for an unknown mail', async () => {
    const author = await createTestUser(t.app, { username: 'Łucja Wróblewska' });
    const member = await createTestMember(t.app, { name: 'Đặng Thu Thảo' });
    const [mail] = (await list()).mails;
    for (const who of [author, member.account]) {
      expect((await get('', who)).statusCode).toBe(403);
      expect((await get(`/${mail!._id}`, who)).statusCode).toBe(403);
      expect((await sendAgain(mail!._id, who)).statusCode).toBe(403);
    }
    const unknown = await get('/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(OUTBOX_TEXTS.mailNotFound);
  });

  it('pages a long outbox, newest first', async () => {
    const before = (await list()).total;
    const start = Date.now() - 60 * 60_000;
    await t.app.ctx.db.insert(mailOutbox).values(
      Array.from({ length: 120 }, (_, i) => ({
        kind: 'reminder' as const,
        status: 'unsent' as const,
        toAddress: `member${i}@example.org`,
        subject: `Reminder ${i}`,
        textBody: '…',
        createdAt: new Date(start + i * 1000),
      })),
    );
    const page = (n: number) => get(`?kind=reminder&page=${n}`).then((r) => r.json());
    const first = await page(1);
    expect(first.pagination).toEqual({ page: 1, limit: OUTBOX_PAGE_SIZE, total: 120, totalPages: 3 });
    expect(first.mails[0].subject).toBe('Reminder 119');
    const last = await page(3);
    expect(last.mails.map((m: OutboxMailSummary) => m.subject).at(-1)).toBe('Reminder 0');
    expect(last.mails).toHaveLength(20);
    expect((await list()).total).toBe(before + 120);
  });
});
