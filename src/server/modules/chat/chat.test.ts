import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, notifications } from '@server/db/schema/index.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { type FilePart, multipart, pdfBytes } from '@server/test/multipart.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const FIVE_MB = 5 * 1024 * 1024;

describe('per-paper chat', () => {
  let t: TestApp;
  let author: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let paperId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [author, stranger, admin, otherAdmin] = await Promise.all([
      createTestUser(t.app),
      createTestUser(t.app),
      createTestUser(t.app, { role: 'admin' }),
      createTestUser(t.app, { role: 'admin' }),
    ]);
    paperId = (await createTestPaper(t.app, author))._id;
  });
  afterAll(() => t.close());

  const messagesUrl = () => `${API}/chat/papers/${paperId}/messages`;

  function post(user: TestUser, message: string, files: Omit<FilePart, 'field'>[] = []) {
    const body = multipart(
      { message },
      files.map((f) => ({ ...f, field: 'attachments' })),
    );
    return t.app.inject({
      method: 'POST',
      url: messagesUrl(),
      headers: { ...body.headers, cookie: user.cookie },
      payload: body.payload,
    });
  }
  const read = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: messagesUrl(), headers: { cookie: user.cookie } });
  const unread = async (user: TestUser) =>
    (await t.app.inject({ method: 'GET', url: `${API}/chat/unread-counts`, headers: { cookie: user.cookie } })).json();

  async function storedFileCount(): Promise<number> {
    const entries = await readdir(path.join(t.config.dataDir, 'files'), { recursive: true }).catch(
      () => [] as string[],
    );
    return entries.filter((e) => /[0-9a-f-]{36}$/.test(e)).length;
  }

  it('exchanges messages with attachments, counting unread per reader', async () => {
    const sent = await post(author, '  Is the page limit four pages?  ', [
      { name: 'figure.png', type: 'image/png', content: PNG },
      { name: 'draft.pdf', content: pdfBytes() },
    ]);
    expect(sent.statusCode).toBe(201);
    const { chatMessage } = sent.json();
    expect(chatMessage).toMatchObject({
      message: 'Is the page limit four pages?',
      senderRole: 'author',
      sender: { _id: author.user._id, username: author.user.username },
      attachments: [
        { fileName: 'figure.png', fileType: 'image', fileSize: PNG.length },
        { fileName: 'draft.pdf', fileType: 'pdf', fileSize: pdfBytes().length },
      ],
    });

    expect(await unread(author)).toMatchObject({ success: true, totalUnread: 0 });
    expect(await unread(admin)).toMatchObject({ unreadSummary: [{ paperId, unreadCount: 1 }], totalUnread: 1 });
    expect((await unread(otherAdmin)).totalUnread).toBe(1);

    const adminView = await read(admin);
    expect(adminView.json().messages).toHaveLength(1);
    expect((await unread(admin)).totalUnread).toBe(0);
    expect((await unread(otherAdmin)).totalUnread).toBe(1);

    const reply = await post(admin, 'Yes, four pages including figures.');
    expect(reply.json().chatMessage.senderRole).toBe('admin');
    expect(await unread(author)).toMatchObject({ unreadSummary: [{ paperId, unreadCount: 1 }], totalUnread: 1 });
    await read(author);
    expect((await unread(author)).totalUnread).toBe(0);

    const [authorNotice] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, author.user._id));
    expect(authorNotice).toMatchObject({ paperId, title: expect.stringContaining('New message from the reviewers') });

    const image = chatMessage.attachments[0];
    const view = await t.app.inject({ method: 'GET', url: image.viewUrl, headers: { cookie: admin.cookie } });
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.headers['content-disposition']).toMatch(/^inline/);
    expect(view.rawPayload).toEqual(PNG);
    const download = await t.app.inject({ method: 'GET', url: image.downloadUrl, headers: { cookie: author.cookie } });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="figure\.png"/);
  });

  it('keeps strangers out with 404 and no bytes', async () => {
    const sent = await post(author, 'private', [{ name: 'secret.pdf', content: pdfBytes('secret') }]);
    const { viewUrl } = sent.json().chatMessage.attachments[0];
    const readAttempt = await read(stranger);
    const postAttempt = await post(stranger, 'let me in');
    const fileAttempt = await t.app.inject({ method: 'GET', url: viewUrl, headers: { cookie: stranger.cookie } });
    for (const res of [readAttempt, postAttempt, fileAttempt]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('private');
      expect(res.body).not.toContain('%PDF');
    }
    expect((await unread(stranger)).unreadSummary).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: messagesUrl() });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    [
      'six files',
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png`, content: PNG })),
      400,
      'Maximum 5 files allowed per message',
    ],
    [
      'an HTML page named .png',
      [{ name: 'evil.png', type: 'image/png', content: Buffer.from('<html><script>alert(1)</script></html>') }],
      400,
      'File evil.png is not allowed. Only images and PDFs are supported.',
    ],
    [
      'an SVG named .png',
      [
        {
          name: 'logo.png',
          type: 'image/png',
          content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        },
      ],
      400,
      'File logo.png is not allowed. Only images and PDFs are supported.',
    ],
    [
      'a Word document',
      [
        {
          name: 'notes.docx',
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          content: Buffer.from('PK\u0003\u0004 word'),
        },
      ],
      400,
      'File notes.docx is not allowed. Only images and PDFs are supported.',
    ],
    [
      'a 5 MB + 1 byte image',
      [{ name: 'big.png', content: Buffer.concat([PNG, Buffer.alloc(FIVE_MB + 1 - PNG.length)]) }],
      413,
      'File big.png is too large. Maximum size is 5MB.',
    ],
  ])('refuses %s and stores nothing', async (_label, files, status, message) => {
    const filesBefore = await storedFileCount();
    const messagesBefore = (await t.app.ctx.db.select().from(chatMessages)).length;
    const res = await post(author, 'with files', files);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await storedFileCount()).toBe(filesBefore);
    expect(await t.app.ctx.db.select().from(chatMessages)).toHaveLength(messagesBefore);
  });

  it('needs text or a file, and bounds the text', async () => {
    const empty = await post(author, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter a message or attach a file');
    const long = await post(author, 'x'.repeat(5001));
    expect(long.statusCode).toBe(400);
    const fileOnly = await post(author, '', [{ name: 'only.pdf', content: pdfBytes() }]);
    expect(fileOnly.statusCode).toBe(201);
    expect(fileOnly.json().chatMessage.message).toBe('');
  });

  it('stores message text as written; markup is only text', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const sent = await post(author, payload);
    expect(sent.json().chatMessage.message).toBe(payload);
  });
});

describe('how the chat names the organisers to an author', () => {
  it('says “the reviewers” without a committee and “the organisers” once one exists, in the chat and its notice', async () => {
    const t = await createTestApp();
    try {
      const author = await createTestUser(t.app, { username: 'Lê Thị Thu' });
      const admin = await createTestUser(t.app, { role: 'admin' });
      const paper = await createTestPaper(t.app, author, { title: 'Dòng chảy rối quanh cánh' });
      const url = `${API}/chat/papers/${paper._id}/messages`;
      const read = async (user: TestUser) =>
        (await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).json();
      const sayAsAdmin = async (message: string) => {
        const body = multipart({ message });
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...body.headers, cookie: admin.cookie },
          payload: body.payload,
        });
        expect(res.statusCode, res.body).toBe(201);
      };
      const noticeTitles = async () =>
        (
          await t.app.ctx.db
            .select({ title: notifications.title, message: notifications.message })
            .from(notifications)
            .where(eq(notifications.recipientId, author.user._id))
        ).map((n) => `${n.title} | ${n.message}`);

      expect((await read(author)).committeeExists).toBe(false);
      await sayAsAdmin('Please send the source files.');
      expect(await noticeTitles()).toEqual([
        `New message from the reviewers on ${paper.ictacemId} | A reviewer wrote about "Dòng chảy rối quanh cánh": Please send the source files.`,
      ]);

      await createTestMember(t.app, { name: 'Małgorzata Wiśniewska' });
      expect((await read(author)).committeeExists).toBe(true);
      await sayAsAdmin('Thank you.');
      expect((await noticeTitles()).at(-1)).toBe(
        `New message from the organisers on ${paper.ictacemId} | The organisers wrote about "Dòng chảy rối quanh cánh": Thank you.`,
      );
      // The messages themselves keep the spec's label: an organiser's has no name for the author.
      const messages = (await read(author)).messages as { senderRole: string; sender: unknown }[];
      expect(messages.map((m) => [m.senderRole, m.sender])).toEqual([
        ['admin', null],
        ['admin', null],
      ]);
    } finally {
      await t.close();
    }
  });
});
