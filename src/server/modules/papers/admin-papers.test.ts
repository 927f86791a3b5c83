import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

describe('admin review of a paper', () => {
  let t: TestApp;
  let admin: TestUser;
  let otherAdmin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, otherAdmin] = await Promise.all([
      createTestUser(t.app, { role: 'admin' }),
      createTestUser(t.app, { role: 'admin' }),
    ]);
  });
  afterAll(() => t.close());

  const as = (user: TestUser) => ({ cookie: user.cookie });
  const adminPaper = async (paperId: string) =>
    (await t.app.inject({ method: 'GET', url: `${API}/admin/papers/${paperId}`, headers: as(admin) })).json().paper;
  const toggle = (user: TestUser, paperId: string, kind: 'abstract' | 'fullpaper', body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paperId}/toggle-${kind}`,
      headers: as(user),
      payload: body,
    });
  const uploadAdminFile = (paperId: string, fields: Record<string, string>, content = pdfBytes('admin')) => {
    const body = multipart(fields, [{ field: 'adminFile', name: 'comments.pdf', content }]);
    return t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${paperId}/upload-file`,
      headers: { ...body.headers, ...as(admin) },
      payload: body.payload,
    });
  };
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  it('answers every admin route with 401 to visitors and 403 to authors', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const id = paper._id;
    const fileId = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, unknown?][] = [
      ['GET', `/admin/users/${author.user._id}`],
      ['GET', `/admin/users/${author.user._id}/papers`],
      ['GET', `/admin/users/${author.user._id}/papers/count`],
      ['GET', `/admin/papers/${id}`],
      ['PUT', `/admin/papers/${id}/status`, { status: 'declined' }],
      ['PATCH', `/admin/papers/${id}/status`, { status: 'declined' }],
      ['GET', `/admin/papers/${id}/evaluation`],
      ['PUT', `/admin/papers/${id}/evaluate`, { marks: 10, confidentialComments: '' }],
      ['PUT', `/admin/papers/${id}/toggle-abstract`, { resetAbstract: true }],
      ['PUT', `/admin/papers/${id}/toggle-fullpaper`, { resetFullPaper: true }],
      ['GET', `/admin/papers/${id}/history`],
      ['GET', `/admin/papers/${id}/history/${fileId}/abstract/view`],
      ['POST', `/admin/papers/${id}/upload-file`],
      ['PATCH', `/admin/papers/${id}/admin-files/${fileId}`, { visibleToUser: true }],
      ['DELETE', `/admin/papers/${id}/admin-files/${fileId}`],
      ['GET', `/admin/papers/${id}/admin-files/${fileId}/view`],
      ['GET', `/admin/papers/download/${id}`],
      ['POST', '/notifications/system', { recipientId: author.user._id, title: 'x', message: 'y' }],
      ['GET', '/notifications/admin/all'],
    ];
    for (const [method, path, payload] of routes) {
      const request = { method: method as 'GET', url: `${API}${path}`, payload: payload as object | undefined };
      expect((await t.app.inject(request)).statusCode, `${method} ${path} anonymous`).toBe(401);
      expect((await t.app.inject({ ...request, headers: as(author) })).statusCode, `${method} ${path} author`).toBe(
        403,
      );
    }
    expect((await adminPaper(id)).status).toBe('review_awaited');
  });

  it('records marks and confidential comments that no author response ever contains', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const secret = `SECRET-${Date.now()}-CONFIDENTIAL`;
    const tooHigh = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/evaluate`,
      headers: as(admin),
      payload: { marks: 101, confidentialComments: '' },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe('Marks must be between 0 and 100');

    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/evaluate`,
      headers: as(admin),
      payload: { marks: 91, confidentialComments: secret },
    });
    expect(saved.json().paper.adminEvaluation).toMatchObject({
      marks: 91,
      confidentialComments: secret,
      reviewedBy: { _id: admin.user._id, username: admin.user.username },
    });
    const evaluation = (
      await t.app.inject({ method: 'GET', url: `${API}/admin/papers/${paper._id}/evaluation`, headers: as(admin) })
    ).json();
    expect(evaluation.evaluation.marks).toBe(91);
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: as(admin),
      payload: { status: 'abstract_accepted', review: 'Fine' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/evaluate`,
      headers: as(admin),
      payload: { marks: null, confidentialComments: secret },
    });

    const authorUrls = [
      '/papers/user',
      `/papers/${paper._id}`,
      '/papers/user-submissions',
      '/notifications',
      '/notifications?onlyUnread=true',
      `/chat/papers/${paper._id}/messages`,
      '/chat/unread-counts',
      '/auth/profile',
      `/admin/papers/${paper._id}`,
      `/admin/papers/${paper._id}/evaluation`,
      `/admin/papers/${paper._id}/history`,
    ];
    for (const url of authorUrls) {
      const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: as(author) });
      expect(res.body, url).not.toContain(secret);
      expect(res.body, url).not.toMatch(/adminEvaluation|confidential/i);
    }
    const history = (
      await t.app.inject({ method: 'GET', url: `${API}/admin/papers/${paper._id}/history`, headers: as(admin) })
    ).body;
    expect(history).not.toContain(secret);
  });

  it('resets the abstract with a reason, lets the author upload again, and keeps both versions', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const { version } = await adminPaper(paper._id);
    const reset = await toggle(admin, paper._id, 'abstract', {
      resetAbstract: true,
      reason: 'Wrong template',
      version,
    });
    expect(reset.json()).toMatchObject({
      success: true,
      message: 'Abstract submission reset successfully',
      paper: { pdfPath: null },
    });

    const again = await toggle(admin, paper._id, 'abstract', { resetAbstract: true });
    expect(again.statusCode).toBe(409);

    const authorView = (await t.app.inject({ method: 'GET', url: `${API}/papers/user`, headers: as(author) })).json();
    expect(authorView[0].pdfPath).toBeNull();
    const notices = (await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers: as(author) })).json()
      .data.notifications;
    expect(notices[0]).toMatchObject({ type: 'abstract_reset', priority: 'high' });
    expect(notices[0].message).toContain('Wrong template');

    const body = multipart({}, [{ field: 'paperPdf', name: 'second.pdf', content: pdfBytes('second') }]);
    const reupload = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/${paper._id}/re-upload-abstract`,
      headers: { ...body.headers, ...as(author) },
      payload: body.payload,
    });
    expect(reupload.statusCode).toBe(200);

    const restoreRefused = await toggle(admin, paper._id, 'abstract', { resetAbstract: false });
    expect(restoreRefused.statusCode).toBe(409);

    const history = (
      await t.app.inject({ method: 'GET', url: `${API}/admin/papers/${paper._id}/history`, headers: as(admin) })
    ).json().paper;
    expect(history.abstractSubmissionHistory).toMatchObject([
      { version: 2, status: 'current', fileName: 'second.pdf', resetBy: null },
      {
        version: 1,
        status: 'superseded',
        fileName: 'abstract.pdf',
        resetBy: admin.user.username,
        resetReason: 'Wrong template',
      },
    ]);
    expect(history.adminActions.map((a: { adminAction: string }) => a.adminAction)).toContain('abstract_reset');
    const first = await t.app.inject({
      method: 'GET',
      url: history.abstractSubmissionHistory[1].viewUrl,
      headers: as(admin),
    });
    expect(sha(first.rawPayload)).toBe(sha(pdfBytes()));
    const firstAsAuthor = await t.app.inject({
      method: 'GET',
      url: history.abstractSubmissionHistory[1].viewUrl,
      headers: as(author),
    });
    expect(firstAsAuthor.statusCode).toBe(403);
  });

  it('restores a reset submission with the same bytes', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const before = await t.app.inject({ method: 'GET', url: `${API}/papers/view/${paper._id}`, headers: as(author) });
    await toggle(admin, paper._id, 'abstract', { resetAbstract: true, reason: 'By mistake' });
    const restored = await toggle(admin, paper._id, 'abstract', { resetAbstract: false });
    expect(restored.json()).toMatchObject({
      message: 'Abstract submission restored successfully',
      paper: { pdfPath: `/ictacem2025/api/papers/view/${paper._id}` },
    });
    const after = await t.app.inject({ method: 'GET', url: `${API}/papers/view/${paper._id}`, headers: as(author) });
    expect(sha(after.rawPayload)).toBe(sha(before.rawPayload));
    const history = (
      await t.app.inject({ method: 'GET', url: `${API}/admin/papers/${paper._id}/history`, headers: as(admin) })
    ).json().paper;
    expect(history.abstractSubmissionHistory).toMatchObject([{ version: 1, status: 'current', resetReason: null }]);

    const noFullPaper = await toggle(admin, paper._id, 'fullpaper', { resetFullPaper: true });
    expect(noFullPaper.statusCode).toBe(409);
    expect(noFullPaper.json().message).toBe('There is no full paper file to reset.');
  });

  it('lets only one of two admins acting on the same version win', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const { version } = await adminPaper(paper._id);
    const [a, b] = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: `${API}/admin/papers/${paper._id}/status`,
        headers: as(admin),
        payload: { status: 'abstract_accepted', review: 'A', version },
      }),
      t.app.inject({
        method: 'PUT',
        url: `${API}/admin/papers/${paper._id}/status`,
        headers: as(otherAdmin),
        payload: { status: 'declined', review: 'B', version },
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe('This paper was changed by another administrator. Reload it and try again.');

    // Saving an evaluation does not make an open status form stale.
    const { version: next } = await adminPaper(paper._id);
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/evaluate`,
      headers: as(admin),
      payload: { marks: 50, confidentialComments: '' },
    });
    expect((await adminPaper(paper._id)).version).toBe(next);
    const toggles = await Promise.all([
      toggle(admin, paper._id, 'abstract', { resetAbstract: true, version: next }),
      toggle(otherAdmin, paper._id, 'abstract', { resetAbstract: true, version: next }),
    ]);
    expect(toggles.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('shares admin files with the author only while they are visible', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const notPdf = await uploadAdminFile(paper._id, {}, Buffer.from('<html>'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('Please select a PDF file only.');
    const noFile = multipart({ description: 'x' });
    const none = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${paper._id}/upload-file`,
      headers: { ...noFile.headers, ...as(admin) },
      payload: noFile.payload,
    });
    expect(none.json().message).toBe('Please select a file to upload.');
    // A body that does not match its boundary is malformed input, not a server fault.
    const mismatched = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${paper._id}/upload-file`,
      headers: { ...multipart({}).headers, ...as(admin) },
      payload: noFile.payload,
    });
    expect(mismatched.statusCode).toBe(400);

    const uploaded = await uploadAdminFile(paper._id, {
      description: 'Reviewer notes',
      fileType: 'review_comment_file',
      visibleToUser: 'false',
    });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json().file;
    expect(file).toMatchObject({
      fileName: 'comments.pdf',
      description: 'Reviewer notes',
      visibleToUser: false,
      fileType: 'review_comment_file',
      uploadedBy: admin.user.username,
    });
    expect(Date.parse(file.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);

    const hiddenList = (
      await t.app.inject({ method: 'GET', url: `${API}/papers/${paper._id}`, headers: as(author) })
    ).json().paper.adminUploadedFiles;
    expect(hiddenList).toEqual([]);
    const hiddenView = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/${paper._id}/shared-files/${file._id}/view`,
      headers: as(author),
    });
    expect(hiddenView.statusCode).toBe(404);

    const shown = await t.app.inject({
      method: 'PATCH',
      url: `${API}/admin/papers/${paper._id}/admin-files/${file._id}`,
      headers: as(admin),
      payload: { visibleToUser: true },
    });
    expect(shown.json().file.visibleToUser).toBe(true);
    const visibleView = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/${paper._id}/shared-files/${file._id}/view`,
      headers: as(author),
    });
    expect(visibleView.rawPayload).toEqual(pdfBytes('admin'));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${API}/admin/papers/${paper._id}/admin-files/${file._id}`,
      headers: as(admin),
    });
    expect(deleted.json()).toEqual({ success: true, message: 'File deleted successfully.' });
    const gone = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${paper._id}/admin-files/${file._id}/view`,
      headers: as(admin),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('reads a user, their papers and counts, and downloads an abstract', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: as(admin),
      payload: { status: 'abstract_accepted' },
    });
    const counts = (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/users/${author.user._id}/papers/count`,
        headers: as(admin),
      })
    ).json();
    expect(counts).toEqual({
      success: true,
      count: 1,
      review_awaited: 0,
      review_in_progress: 0,
      author_response_awaited: 0,
      abstract_accepted: 1,
      declined: 0,
    });
    const papers = (
      await t.app.inject({ method: 'GET', url: `${API}/admin/users/${author.user._id}/papers`, headers: as(admin) })
    ).json().papers;
    expect(papers).toHaveLength(1);
    expect(papers[0]).toMatchObject({
      _id: paper._id,
      reviewer: { username: admin.user.username },
      adminEvaluation: { marks: null },
    });
    const detail = (
      await t.app.inject({ method: 'GET', url: `${API}/admin/papers/${paper._id}`, headers: as(admin) })
    ).json();
    expect(detail.user).toMatchObject({ _id: author.user._id, email: author.email });
    expect(JSON.stringify(detail)).not.toMatch(/passwordHash|argon2/);

    const download = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/download/${paper._id}`,
      headers: as(admin),
    });
    expect(download.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="paper_${paper._id}\\.pdf"`),
    );
    expect(download.rawPayload).toEqual(pdfBytes());
    const missing = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/users/00000000-0000-4000-8000-000000000000/papers/count`,
      headers: as(admin),
    });
    expect(missing.statusCode).toBe(404);
  });
});
