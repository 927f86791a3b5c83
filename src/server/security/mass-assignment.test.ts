import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFiles, chatMessages, notifications, papers, users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { hashToken } from '../lib/tokens.ts';
import { insertPasswordReset } from '../modules/auth/auth.repository.ts';
import { createTestPaper, createTestUser, submissionFields, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { API, createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';

const FOREIGN_UUID = '11111111-1111-4111-8111-111111111111';

/** Fields an attacker adds to any body, hoping one of them is copied into a row. */
function privilegedFields(victimId: string) {
  return {
    _id: FOREIGN_UUID,
    id: FOREIGN_UUID,
    role: 'admin',
    status: 'abstract_accepted',
    user: victimId,
    userId: victimId,
    recipientId: victimId,
    senderRole: 'admin',
    senderId: victimId,
    paperId: FOREIGN_UUID,
    paymentId: 'PAID-BY-ASSIGNMENT',
    review: 'Accepted by assignment',
    adminEvaluation: { marks: 100, confidentialComments: 'assigned' },
    evaluationMarks: 100,
    marks: 100,
    visibleToUser: true,
    isRead: true,
    customUserId: 'ICTACEMP2025AAAAA',
    passwordHash: '$argon2id$forged',
    version: 999,
    createdAt: '2000-01-01T00:00:00.000Z',
    fullPaperSubmittedAt: '2000-01-01T00:00:00.000Z',
  };
}

/** The most tempting of them as multipart text (a form takes at most 20 fields, so not all fit). */
const MULTIPART_KEYS = [
  '_id',
  'role',
  'status',
  'user',
  'userId',
  'senderRole',
  'senderId',
  'paperId',
  'paymentId',
  'review',
  'adminEvaluation',
  'evaluationMarks',
  'visibleToUser',
  'fullPaperSubmittedAt',
] as const;

function privilegedTextFields(victimId: string): Record<string, string> {
  const fields = privilegedFields(victimId);
  return Object.fromEntries(
    MULTIPART_KEYS.map((k) => [k, typeof fields[k] === 'string' ? fields[k] : JSON.stringify(fields[k])]),
  );
}

describe('mass assignment: extra fields in a body change nothing they do not name', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  let victim: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, author, victim] = await Promise.all([
      createTestUser(t.app, { role: 'admin' }),
      createTestUser(t.app),
      createTestUser(t.app),
    ]);
  });
  afterAll(() => t.close());

  const paperRow = async (id: string) => (await t.app.ctx.db.select().from(papers).where(eq(papers.id, id)))[0]!;
  const userRow = async (id: string) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const json = (user: TestUser, method: 'POST' | 'PUT' | 'PATCH', path: string, payload: object) =>
    t.app.inject({ method, url: `${API}${path}`, headers: { cookie: user.cookie }, payload });
  const upload = (
    user: TestUser,
    path: string,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1] = [],
  ) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: { ...body.headers, cookie: user.cookie },
      payload: body.payload,
    });
  };
  /** The columns that differ between two rows, besides the bookkeeping ones. */
  const changedColumns = (before: object, after: object) =>
    Object.keys(after)
      .filter((k) => !['updatedAt', 'version'].includes(k))
      .filter(
        (k) =>
          JSON.stringify((before as Record<string, unknown>)[k]) !==
          JSON.stringify((after as Record<string, unknown>)[k]),
      )
      .sort();

  it('registration makes an author with its own id and conference id, whatever the body claims', async () => {
    const email = uniqueEmail('climber');
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { ...privilegedFields(victim.user._id), username: 'Climber', email, password: 'secret-pass-1' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'author', username: 'Climber' });
    expect(row!.id).not.toBe(FOREIGN_UUID);
    expect(row!.customUserId).not.toBe('ICTACEMP2025AAAAA');
    expect(row!.passwordHash).not.toBe('$argon2id$forged');
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2000);
    expect(res.json().user.role).toBe('author');
  });

  it('login and password reset touch only the caller, whatever the body names', async () => {
    const login = await json(author, 'POST', '/auth/login', {
      ...privilegedFields(victim.user._id),
      email: author.email,
      password: author.password,
    });
    expect(login.json().user).toMatchObject({ _id: author.user._id, role: 'author' });

    // A reset ends every session of its user: this part uses an account of its own.
    const resetter = await createTestUser(t.app);

    const token = 'known-reset-token-for-this-test';
    await insertPasswordReset(t.app.ctx.db, {
      userId: resetter.user._id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const victimBefore = await userRow(victim.user._id);
    const reset = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${token}`,
      payload: { ...privilegedFields(victim.user._id), email: victim.email, password: 'chosen by attacker' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await userRow(victim.user._id)).toEqual(victimBefore);
    const after = await userRow(resetter.user._id);
    expect(after.role).toBe('author');
    expect(await verifyPassword(after.passwordHash, 'chosen by attacker')).toBe(true);
  });

  it('a submission takes its status, owner, payment and evaluation from the server alone', async () => {
    const submitter = await createTestUser(t.app);
    const fields = { ...privilegedTextFields(victim.user._id), ...submissionFields() };
    const res = await upload(submitter, '/papers/submit', fields, [
      { field: 'paperPdf', name: 'a.pdf', content: pdfBytes() },
    ]);
    expect(res.statusCode).toBe(201);
    const row = await paperRow(res.json().paper._id);
    expect(row).toMatchObject({
      userId: submitter.user._id,
      status: 'review_awaited',
      paymentId: '',
      review: '',
      evaluationMarks: null,
      evaluationComments: '',
      version: 1,
    });
    expect(row.id).not.toBe(FOREIGN_UUID);
    expect(row.fullPaperSubmittedAt).toBeNull();
    expect(row.submittedAt.getFullYear()).toBeGreaterThan(2000);
  });

  it('saving a payment ID changes the payment ID only', async () => {
    const paper = await createTestPaper(t.app, author);
    await json(admin, 'PUT', `/admin/papers/${paper._id}/status`, { status: 'abstract_accepted', review: '' });
    const before = await paperRow(paper._id);
    const res = await json(author, 'PATCH', `/papers/${paper._id}/payment`, {
      ...privilegedFields(victim.user._id),
      status: 'declined',
      paymentId: 'TXN-REAL-1',
    });
    expect(res.statusCode).toBe(200);
    const after = await paperRow(paper._id);
    expect(changedColumns(before, after)).toEqual(['paymentId']);
    expect(after.paymentId).toBe('TXN-REAL-1');

    // The full paper that follows, with the same extra fields, adds the full paper only.
    const full = await upload(author, `/papers/${paper._id}/full-paper`, privilegedTextFields(victim.user._id), [
      { field: 'fullPaperPdf', name: 'full.pdf', content: pdfBytes('full') },
    ]);
    expect(full.statusCode).toBe(200);
    expect(changedColumns(after, await paperRow(paper._id))).toEqual(['fullPaperFileId', 'fullPaperSubmittedAt']);
    expect((await paperRow(paper._id)).fullPaperSubmittedAt!.getFullYear()).toBeGreaterThan(2000);
  });

  it('a re-uploaded abstract sets the file and the documented status, nothing the body names', async () => {
    const uploader = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, uploader);
    await json(admin, 'PUT', `/admin/papers/${paper._id}/status`, {
      status: 'review_in_progress',
      review: 'Please fix the figures',
    });
    await json(admin, 'PUT', `/admin/papers/${paper._id}/toggle-abstract`, { resetAbstract: true, reason: 'figures' });
    const before = await paperRow(paper._id);
    const res = await upload(
      uploader,
      `/papers/${paper._id}/re-upload-abstract`,
      privilegedTextFields(victim.user._id),
      [{ field: 'paperPdf', name: 'again.pdf', content: pdfBytes('again') }],
    );
    expect(res.statusCode).toBe(200);
    const after = await paperRow(paper._id);
    expect(changedColumns(before, after)).toEqual(['abstractFileId', 'status']);
    expect(after.status).toBe('review_awaited');
  });

  it('a chat message is the caller’s, as an author, on the paper in the path', async () => {
    const paper = await createTestPaper(t.app, victim);
    const res = await upload(victim, `/chat/papers/${paper._id}/messages`, {
      ...privilegedTextFields(admin.user._id),
      message: 'Hello',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, res.json().chatMessage._id));
    expect(row).toMatchObject({
      paperId: paper._id,
      senderId: victim.user._id,
      senderRole: 'author',
      message: 'Hello',
    });
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it('notification calls act on the caller’s own notifications, whatever the body or query names', async () => {
    await json(admin, 'POST', '/notifications/system', {
      recipientId: victim.user._id,
      title: 'For the victim',
      message: 'Only theirs',
    });
    await json(admin, 'POST', '/notifications/system', {
      recipientId: author.user._id,
      title: 'For the author',
      message: 'Theirs',
    });
    const victimRows = async () =>
      t.app.ctx.db.select().from(notifications).where(eq(notifications.recipientId, victim.user._id));
    const before = await victimRows();
    expect(before.some((n) => !n.isRead)).toBe(true);

    const own = (
      await t.app.inject({
        method: 'GET',
        url: `${API}/notifications?recipientId=${victim.user._id}&userId=${victim.user._id}`,
        headers: { cookie: author.cookie },
      })
    ).json();
    expect(own.data.notifications.length).toBeGreaterThan(0);
    expect(own.data.notifications.every((n: { recipientId: string }) => n.recipientId === author.user._id)).toBe(true);
    expect((await json(author, 'PATCH', '/notifications/read-all', privilegedFields(victim.user._id))).statusCode).toBe(
      200,
    );
    const mine = own.data.notifications[0]._id;
    expect(
      (
        await json(author, 'PATCH', `/notifications/${mine}/read`, {
          ...privilegedFields(victim.user._id),
          isRead: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(await victimRows()).toEqual(before);
  });

  it('a system notification is unread and unlinked, whatever else the admin’s body holds', async () => {
    const res = await json(admin, 'POST', '/notifications/system', {
      ...privilegedFields(victim.user._id),
      recipientId: victim.user._id,
      title: 'Plain',
      message: 'Text',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.title, 'Plain'));
    expect(row).toMatchObject({
      recipientId: victim.user._id,
      isRead: false,
      paperId: null,
      type: 'system_notification',
      priority: 'medium',
    });
  });

  it('admin calls change only what they name: status, evaluation, resets and file visibility', async () => {
    const owner = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, owner);
    const other = await createTestPaper(t.app, await createTestUser(t.app));
    // `version` is the admin routes' own optimistic lock, not an extra field.
    const { version: _lock, ...privileged } = privilegedFields(victim.user._id);
    const extra = { ...privileged, paperId: other._id, title: 'Renamed', ictacemId: 'RENAMED', theme: 'Renamed' };

    let before = await paperRow(paper._id);
    expect(
      (
        await json(admin, 'PUT', `/admin/papers/${paper._id}/status`, {
          ...extra,
          status: 'review_in_progress',
          review: 'Looking',
        })
      ).statusCode,
    ).toBe(200);
    let after = await paperRow(paper._id);
    expect(changedColumns(before, after)).toEqual(['review', 'reviewedAt', 'reviewedBy', 'status']);
    expect(after.paymentId).toBe('');

    before = after;
    expect(
      (
        await json(admin, 'PUT', `/admin/papers/${paper._id}/evaluate`, {
          ...extra,
          marks: 42,
          confidentialComments: 'Fine',
        })
      ).statusCode,
    ).toBe(200);
    after = await paperRow(paper._id);
    expect(changedColumns(before, after)).toEqual([
      'evaluatedAt',
      'evaluatedBy',
      'evaluationComments',
      'evaluationMarks',
    ]);
    expect(after.status).toBe('review_in_progress');

    before = after;
    expect(
      (await json(admin, 'PUT', `/admin/papers/${paper._id}/toggle-abstract`, { ...extra, resetAbstract: true }))
        .statusCode,
    ).toBe(200);
    expect(changedColumns(before, await paperRow(paper._id))).toEqual(['abstractFileId']);

    const uploaded = await upload(
      admin,
      `/admin/papers/${paper._id}/upload-file`,
      { ...privilegedTextFields(victim.user._id), paperId: other._id, visibleToUser: 'false' },
      [{ field: 'adminFile', name: 'notes.pdf', content: pdfBytes('notes') }],
    );
    expect(uploaded.statusCode).toBe(201);
    const fileId = uploaded.json().file._id;
    const fileRow = async () => (await t.app.ctx.db.select().from(adminFiles).where(eq(adminFiles.id, fileId)))[0]!;
    expect(await fileRow()).toMatchObject({
      paperId: paper._id,
      uploadedBy: admin.user._id,
      visibleToUser: false,
      fileName: 'notes.pdf',
    });
    const fileBefore = await fileRow();
    expect(
      (
        await json(admin, 'PATCH', `/admin/papers/${paper._id}/admin-files/${fileId}`, {
          ...extra,
          fileName: 'renamed.pdf',
          visibleToUser: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await fileRow()).toEqual({ ...fileBefore, visibleToUser: true });
    expect(await paperRow(other._id)).toMatchObject({ status: 'review_awaited', title: other.title, paymentId: '' });
  });

  it('refuses prototype-polluting JSON and keeps multipart field names inert', async () => {
    for (const payload of [
      `{"email":"${author.email}","password":"x","__proto__":{"role":"admin"}}`,
      `{"email":"${author.email}","password":"x","constructor":{"prototype":{"role":"admin"}}}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const submitter = await createTestUser(t.app);
    const pdf = [{ field: 'paperPdf', name: 'a.pdf', content: pdfBytes() }];
    for (const name of ['__proto__', 'constructor']) {
      // fromEntries makes the name an own field, as a hand-written form would send it.
      const fields = Object.fromEntries([
        ...Object.entries(submissionFields()),
        [name, '{"prototype":{"role":"admin"}}'],
      ]);
      const refused = await upload(submitter, '/papers/submit', fields, pdf);
      expect(refused.statusCode, name).toBe(400);
    }
    expect(await t.app.ctx.db.select().from(papers).where(eq(papers.userId, submitter.user._id))).toEqual([]);

    const authors = `[{"name":"A","affiliation":"B","address":"C","__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}]`;
    const res = await upload(submitter, '/papers/submit', submissionFields({ authors }), pdf);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().paper.authors).toEqual([{ name: 'A', affiliation: 'B', address: 'C' }]);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect((await userRow(submitter.user._id)).role).toBe('author');
  });
});
