import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';

describe('notifications', () => {
  let t: TestAppWithMail;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestAppWithMail();
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const as = (user: TestUser) => ({ cookie: user.cookie });
  const list = async (user: TestUser, query = '') =>
    (await t.app.inject({ method: 'GET', url: `${API}/notifications${query}`, headers: as(user) })).json();
  const unreadCount = async (user: TestUser) =>
    (await t.app.inject({ method: 'GET', url: `${API}/notifications/unread-count`, headers: as(user) })).json().count;

  it('tells the author about a decision, in the site and by a real e-mail', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author, { title: 'Flutter of thin plates' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: as(admin),
      payload: { status: 'abstract_accepted', review: 'Clear and well argued.' },
    });
    expect(res.statusCode).toBe(200);

    const { data } = await list(author);
    expect(data.notifications).toHaveLength(1);
    expect(data.notifications[0]).toMatchObject({
      type: 'paper_approved',
      priority: 'high',
      isRead: false,
      recipientId: author.user._id,
      paperId: { _id: paper._id, ictacemId: paper.ictacemId },
      title: `Abstract accepted: ${paper.ictacemId}`,
    });
    expect(data.notifications[0].message).toContain('Clear and well argued.');
    expect(await unreadCount(author)).toBe(1);

    await expect.poll(() => t.smtp.inbox.find((m) => m.to.includes(author.email)), { timeout: 10_000 }).toBeTruthy();
    const mail = t.smtp.inbox.find((m) => m.to.includes(author.email))!;
    expect(mail.raw).toContain('Flutter of thin plates');

    // The sender records the outcome just after the SMTP exchange ends.
    await expect
      .poll(
        async () =>
          (await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, author.email)))[0]?.status,
      )
      .toBe('sent');
    const adminList = (
      await t.app.inject({
        method: 'GET',
        url: `${API}/notifications/admin/all?recipientId=${author.user._id}`,
        headers: as(admin),
      })
    ).json();
    expect(adminList.data.notifications[0]).toMatchObject({ type: 'paper_approved', emailStatus: 'sent' });
  });

  it('uses the decline and comment types, and admins hear of new submissions without e-mail', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const setStatus = (status: string, review: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `${API}/admin/papers/${paper._id}/status`,
        headers: as(admin),
        payload: { status, review },
      });
    await setStatus('review_in_progress', '');
    await setStatus('review_in_progress', 'Please shorten section 2.');
    await setStatus('declined', 'Out of scope.');
    const types = (await list(author)).data.notifications.map((n: { type: string }) => n.type);
    expect(types).toEqual(['paper_declined', 'review_comment', 'paper_status_change']);

    const adminNotices = (await list(admin)).data.notifications;
    expect(adminNotices.some((n: { title: string }) => n.title === `New abstract: ${paper.ictacemId}`)).toBe(true);
    const adminMail = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, admin.email));
    expect(adminMail).toEqual([]);
  });

  it("pages, filters, marks read and deletes only the caller's own notifications", async () => {
    const author = await createTestUser(t.app);
    const stranger = await createTestUser(t.app);
    for (let i = 1; i <= 25; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/notifications/system`,
        headers: as(admin),
        payload: { recipientId: author.user._id, title: `Notice ${i}`, message: `Body ${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const third = await list(author, '?page=3&limit=10');
    expect(third.data.pagination).toEqual({
      currentPage: 3,
      totalPages: 3,
      totalNotifications: 25,
      hasPrev: true,
      hasNext: false,
    });
    expect(third.data.notifications).toHaveLength(5);
    const first = await list(author, '?limit=10');
    expect(first.data.pagination).toMatchObject({ currentPage: 1, hasPrev: false, hasNext: true });
    expect(first.data.notifications[0]).toMatchObject({
      title: 'Notice 25',
      type: 'system_notification',
      priority: 'medium',
    });

    const target = first.data.notifications[0]._id;
    const foreignRead = await t.app.inject({
      method: 'PATCH',
      url: `${API}/notifications/${target}/read`,
      headers: as(stranger),
    });
    const foreignDelete = await t.app.inject({
      method: 'DELETE',
      url: `${API}/notifications/${target}`,
      headers: as(stranger),
    });
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignDelete.statusCode).toBe(404);
    expect((await list(stranger)).data.pagination.totalNotifications).toBe(0);

    await t.app.inject({ method: 'PATCH', url: `${API}/notifications/${target}/read`, headers: as(author) });
    expect(await unreadCount(author)).toBe(24);
    expect((await list(author, '?onlyUnread=true')).data.pagination.totalNotifications).toBe(24);
    expect((await list(author, '?onlyRead=true')).data.notifications.map((n: { _id: string }) => n._id)).toEqual([
      target,
    ]);

    await t.app.inject({ method: 'DELETE', url: `${API}/notifications/${target}`, headers: as(author) });
    expect((await list(author)).data.pagination.totalNotifications).toBe(24);

    const all = await t.app.inject({ method: 'PATCH', url: `${API}/notifications/read-all`, headers: as(author) });
    expect(all.json()).toEqual({ success: true, updated: 24 });
    expect(await unreadCount(author)).toBe(0);
  });

  it('keeps the system and admin-list calls for admins', async () => {
    const author = await createTestUser(t.app);
    const create = await t.app.inject({
      method: 'POST',
      url: `${API}/notifications/system`,
      headers: as(author),
      payload: { recipientId: author.user._id, title: 'x', message: 'y' },
    });
    expect(create.statusCode).toBe(403);
    const all = await t.app.inject({ method: 'GET', url: `${API}/notifications/admin/all`, headers: as(author) });
    expect(all.statusCode).toBe(403);
    const filtered = (
      await t.app.inject({
        method: 'GET',
        url: `${API}/notifications/admin/all?type=paper_declined`,
        headers: as(admin),
      })
    ).json();
    expect(filtered.data.pagination.totalNotifications).toBeGreaterThan(0);
    expect(filtered.data.notifications.every((n: { type: string }) => n.type === 'paper_declined')).toBe(true);
    expect(filtered.data.pagination.totalPages).toBe(Math.ceil(filtered.data.pagination.totalNotifications / 50));
  });

  it('refuses a too-long or missing field of a JSON body naming the field and its limit, storing nothing', async () => {
    const author = await createTestUser(t.app);
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${API}/notifications/system`, headers: as(admin), payload });
    const cases: [object, string][] = [
      [
        { recipientId: author.user._id, title: 'Ж'.repeat(201), message: 'Привет' },
        'Title must be at most 200 characters',
      ],
      [
        { recipientId: author.user._id, title: 'Hinweis', message: 'ä'.repeat(5001) },
        'Message must be at most 5,000 characters',
      ],
      [{ recipientId: author.user._id, title: 'सूचना' }, 'Message is required'],
      [{ recipientId: author.user._id, title: ['सूचना'], message: 'x' }, 'Title must be text'],
    ];
    for (const [payload, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect((await list(author)).data.notifications).toHaveLength(0);
    const pageTooFar = await t.app.inject({
      method: 'GET',
      url: `${API}/notifications?page=100001`,
      headers: as(author),
    });
    expect(pageTooFar.json().message).toBe('Page must be at most 100,000');
  });
});
