import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_MESSAGES } from '@shared/schemas/paper.ts';
import { loadConfig } from '../config.ts';
import { adminFiles, notifications, papers } from '../db/schema/index.ts';
import { ADMIN_FILE_VISIBILITY_INVALID } from '../modules/papers/admin-files.service.ts';
import { BAD_URL } from '../plugins/errors.ts';
import { createTestPaper, createTestUser, submissionFields, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

describe('squatting and fail-open input', () => {
  let t: TestApp;
  let admin: TestUser;

  const accept = (paperId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paperId}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted' },
    });
  const pay = (author: TestUser, paperId: string, paymentId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `${API}/papers/${paperId}/payment`,
      headers: { cookie: author.cookie },
      payload: { paymentId },
    });
  const acceptedPaper = async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    expect((await accept(paper._id)).statusCode).toBe(200);
    return { author, paperId: paper._id };
  };
  const paymentOf = async (paperId: string) =>
    (await t.app.ctx.db.select().from(papers).where(eq(papers.id, paperId)))[0]!.paymentId;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('treats the placeholder payment ID as unpaid in any case and spacing, so the full paper stays locked', async () => {
    const { author, paperId } = await acceptedPaper();
    for (const placeholder of ['txn123456789', ' Txn 1234 56789 ', 'TXN123456789']) {
      const res = await pay(author, paperId, placeholder);
      expect(res.statusCode, placeholder).toBe(400);
      expect(res.json()).toEqual({ success: false, message: PAPER_MESSAGES.paymentIdInvalid });
    }
    expect(await paymentOf(paperId)).toBe('');
    const body = multipart({}, [{ field: 'fullPaperPdf', name: 'full.pdf', content: pdfBytes() }]);
    const full = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/${paperId}/full-paper`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
    expect(full.statusCode).toBe(409);
  });

  it('stores a payment ID in one form and refuses the same payment for a second paper, however it is spelled', async () => {
    const first = await acceptedPaper();
    const second = await acceptedPaper();
    expect((await pay(first.author, first.paperId, '  sbi 2025 000 777 ')).statusCode).toBe(200);
    expect(await paymentOf(first.paperId)).toBe('SBI2025000777');
    const reused = await pay(second.author, second.paperId, 'SBI2025000777 ');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ success: false, message: PAPER_MESSAGES.paymentIdTaken });
    expect(await paymentOf(second.paperId)).toBe('');
    // Entered at the same moment for two papers, one ID is still taken once.
    const third = await acceptedPaper();
    const fourth = await acceptedPaper();
    const raced = await Promise.all([
      pay(third.author, third.paperId, 'RACE-1'),
      pay(fourth.author, fourth.paperId, 'race-1'),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('shows admins the papers that share a payment ID recorded before IDs were checked', async () => {
    const first = await acceptedPaper();
    const second = await acceptedPaper();
    await t.app.ctx.db.update(papers).set({ paymentId: 'LEGACY-42' }).where(eq(papers.id, first.paperId));
    await t.app.ctx.db.update(papers).set({ paymentId: 'LEGACY-42' }).where(eq(papers.id, second.paperId));
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/records?view=financial&limit=50`,
      headers: { cookie: admin.cookie },
    });
    const shared = (res.json().rows as { paper: { _id: string; paymentIdShared: boolean } | null }[])
      .filter((r) => r.paper?.paymentIdShared)
      .map((r) => r.paper!._id);
    expect(shared.sort()).toEqual([first.paperId, second.paperId].sort());
  });

  it("refuses another author's ICTACEM ID in any case, so the owner can still submit", async () => {
    const owner = await createTestUser(t.app);
    const squatter = await createTestUser(t.app);
    for (const id of [owner.user.customUserId, owner.user.customUserId.toLowerCase()]) {
      const body = multipart(submissionFields({ ictacemId: id }), [
        { field: 'paperPdf', name: 'a.pdf', content: pdfBytes() },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/papers/submit`,
        headers: { ...body.headers, cookie: squatter.cookie },
        payload: body.payload,
      });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ success: false, message: PAPER_MESSAGES.ictacemIdNotOwn });
    }
    const own = await createTestPaper(t.app, owner, { ictacemId: owner.user.customUserId });
    expect(own.ictacemId).toBe(owner.user.customUserId);
  });

  it('shares an admin file only on exactly visibleToUser=true; False, 0, off or no are refused and notify nobody', async () => {
    const author = await createTestUser(t.app);
    const paperId = (await createTestPaper(t.app, author))._id;
    const upload = (visibleToUser?: string) => {
      const body = multipart(visibleToUser === undefined ? {} : { visibleToUser }, [
        { field: 'adminFile', name: 'notes.pdf', content: pdfBytes() },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `${API}/admin/papers/${paperId}/upload-file`,
        headers: { ...body.headers, cookie: admin.cookie },
        payload: body.payload,
      });
    };
    const noticesOf = async () =>
      (await t.app.ctx.db.select().from(notifications).where(eq(notifications.recipientId, author.user._id))).length;
    const before = await noticesOf();
    for (const flag of ['False', '0', 'off', 'no', 'TRUE', '1', 'yes', '']) {
      const res = await upload(flag);
      expect(res.statusCode, flag).toBe(400);
      expect(res.json()).toEqual({ success: false, message: ADMIN_FILE_VISIBILITY_INVALID });
    }
    expect(await t.app.ctx.db.select().from(adminFiles).where(eq(adminFiles.paperId, paperId))).toHaveLength(0);
    expect(await noticesOf()).toBe(before);
    expect((await upload()).json().file.visibleToUser).toBe(false);
    expect((await upload('false')).json().file.visibleToUser).toBe(false);
    expect(await noticesOf()).toBe(before);
    expect((await upload('true')).json().file.visibleToUser).toBe(true);
    expect(await noticesOf()).toBe(before + 1);
  });

  it('refuses loose flags in query strings too', async () => {
    const author = await createTestUser(t.app);
    for (const flag of ['1', 'False', 'yes']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/notifications?onlyUnread=${flag}`,
        headers: { cookie: author.cookie },
      });
      expect(res.statusCode, flag).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('answers a URL that does not decode with the envelope and the API headers', async () => {
    for (const url of [`${API}/papers/%3Cscript%3E%E0%A4%A`, '/ictacem2025/%E0%A4%A', `${API}/%C0%AE%C0%AE/`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, message: BAD_URL });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('FST_');
    }
  });

  it('never tells an author which organizer wrote in the chat, by id or by name', async () => {
    const author = await createTestUser(t.app);
    const paperId = (await createTestPaper(t.app, author))._id;
    const body = multipart({ message: 'Please clarify the boundary conditions.' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { cookie: author.cookie },
    });
    const [message] = read.json().messages;
    expect(message).toMatchObject({ senderRole: 'admin', sender: null });
    expect(read.body).not.toContain(admin.user._id);
    expect(read.body).not.toContain(admin.user.username);
    // The organizers still see who wrote.
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.json().messages[0].sender).toEqual({ _id: admin.user._id, username: admin.user.username });
  });
});

describe('reset links stay out of a production log', () => {
  it('refuses to start in production without a mail server', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay.local:25' }).production).toBe(true);
  });
});
