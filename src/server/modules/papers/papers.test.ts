import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFiles, auditLog, papers, storedFiles, submissionVersions } from '@server/db/schema/index.ts';
import { createTestUser, SAMPLE_AUTHORS, submissionFields, type TestUser } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { PAPER_MESSAGES } from '@shared/schemas/paper.ts';

const TEN_MB = 10 * 1024 * 1024;

describe('papers: the author journey on the server', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  async function storedFileCount(): Promise<number> {
    const root = path.join(t.config.dataDir, 'files');
    const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
    return entries.filter((e) => /[0-9a-f-]{36}$/.test(e) && !e.endsWith('.part')).length;
  }

  async function submit(
    user: TestUser,
    fields = submissionFields(),
    file = { name: 'abstract.pdf', content: pdfBytes() },
    type?: string,
  ) {
    const body = multipart(fields, [{ field: 'paperPdf', name: file.name, content: file.content, type }]);
    return t.app.inject({
      method: 'POST',
      url: `${API}/papers/submit`,
      headers: { ...body.headers, cookie: user.cookie },
      payload: body.payload,
    });
  }

  async function submitted(user: TestUser) {
    const res = await submit(user);
    expect(res.statusCode).toBe(201);
    return res.json().paper as { _id: string; ictacemId: string };
  }

  async function setStatus(paperId: string, status: string, review = '') {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paperId}/status`,
      headers: { cookie: admin.cookie },
      payload: { status, review },
    });
    expect(res.statusCode).toBe(200);
  }

  async function pay(user: TestUser, paperId: string, paymentId: string) {
    return t.app.inject({
      method: 'PATCH',
      url: `${API}/papers/${paperId}/payment`,
      headers: { cookie: user.cookie },
      payload: { paymentId },
    });
  }

  async function uploadFullPaper(user: TestUser, paperId: string, content = pdfBytes('full')) {
    const body = multipart({}, [{ field: 'fullPaperPdf', name: 'full.pdf', content }]);
    return t.app.inject({
      method: 'POST',
      url: `${API}/papers/${paperId}/full-paper`,
      headers: { ...body.headers, cookie: user.cookie },
      payload: body.payload,
    });
  }

  it('stores a submission with its authors in order, its file and version 1', async () => {
    const author = await createTestUser(t.app);
    const content = pdfBytes('first');
    const res = await submit(author, submissionFields({ title: '  Shock tubes  ' }), {
      name: '../../etc/abstract.pdf',
      content,
    });
    expect(res.statusCode).toBe(201);
    const paper = res.json().paper;
    expect(paper).toMatchObject({
      title: 'Shock tubes',
      theme: 'Aerodynamics and Fluid Mechanics',
      modeOfPresentation: 'Oral',
      status: 'review_awaited',
      paymentId: '',
      review: '',
      authors: SAMPLE_AUTHORS,
      pdfPath: `/ictacem2025/api/papers/view/${paper._id}`,
      fullPaperPdfPath: null,
      adminUploadedFiles: [],
      user: author.user._id,
    });

    const [version] = await t.app.ctx.db
      .select()
      .from(submissionVersions)
      .where(eq(submissionVersions.paperId, paper._id));
    expect(version).toMatchObject({ kind: 'abstract', version: 1, status: 'current', fileName: 'abstract.pdf' });
    const [file] = await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.id, version!.fileId));
    expect(file!.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(file!.storageKey).toMatch(/^[0-9a-f-]{36}$/);

    const list = await t.app.inject({ method: 'GET', url: `${API}/papers/user`, headers: { cookie: author.cookie } });
    expect(list.json()).toEqual([paper]);
    const count = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/user-submissions`,
      headers: { cookie: author.cookie },
    });
    expect(count.json()).toEqual({ success: true, count: 1 });

    const view = await t.app.inject({ method: 'GET', url: paper.pdfPath, headers: { cookie: author.cookie } });
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload).toEqual(content);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toMatch(/^inline; filename="abstract\.pdf"/);
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['content-security-policy']).toMatch(/^sandbox/);
  });

  it('allows one paper per user, also for 10 simultaneous submissions', async () => {
    const author = await createTestUser(t.app);
    const before = await storedFileCount();
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(author)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe('You have reached the maximum limit of 1 paper submission.');
    }
    expect(await t.app.ctx.db.select().from(papers).where(eq(papers.userId, author.user._id))).toHaveLength(1);
    expect(await storedFileCount()).toBe(before + 1);

    const again = await submit(author);
    expect(again.statusCode).toBe(409);
  });

  it("takes the author's own ICTACEM ID in any case, stored as issued, and no one else's", async () => {
    const owner = await createTestUser(t.app);
    const squatter = await createTestUser(t.app);
    const squatted = await submit(squatter, submissionFields({ ictacemId: owner.user.customUserId.toLowerCase() }));
    expect(squatted.statusCode).toBe(400);
    expect(squatted.json().message).toBe(PAPER_MESSAGES.ictacemIdNotOwn);
    const own = await submit(owner, submissionFields({ ictacemId: owner.user.customUserId.toLowerCase() }));
    expect(own.statusCode).toBe(201);
    expect(own.json().paper.ictacemId).toBe(owner.user.customUserId);
  });

  it.each([
    [{ title: '' }, 'All fields are required'],
    [{ theme: 'Astrology' }, 'All fields are required'],
    [{ modeOfPresentation: 'Interpretive dance' }, 'All fields are required'],
    [{ ictacemId: '' }, 'All fields are required'],
    [{ authors: '[]' }, 'All author fields are required'],
    [{ authors: JSON.stringify([{ name: 'A', affiliation: 'B', address: ' ' }]) }, 'All author fields are required'],
    [{ authors: 'not json' }, 'All author fields are required'],
    [{ title: 'x'.repeat(301) }, 'Title must be at most 300 characters'],
    [{ ictacemId: 'ICTACEM'.repeat(6) }, 'ICTACEM ID must be at most 40 characters'],
    [
      { authors: JSON.stringify([{ name: 'Nguyễn '.repeat(30), affiliation: 'HUST', address: 'Hà Nội' }]) },
      'Author name must be at most 200 characters',
    ],
  ])('refuses %j with 400 and stores nothing', async (override, message) => {
    const author = await createTestUser(t.app);
    const before = await storedFileCount();
    const res = await submit(author, submissionFields(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await storedFileCount()).toBe(before);
    expect(await t.app.ctx.db.select().from(papers).where(eq(papers.userId, author.user._id))).toHaveLength(0);
  });

  it('refuses a submission without a file', async () => {
    const author = await createTestUser(t.app);
    const body = multipart(submissionFields());
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/submit`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('All fields are required');
  });

  it('judges the file by its bytes: an HTML page named .pdf is refused', async () => {
    const author = await createTestUser(t.app);
    const before = await storedFileCount();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const res = await submit(author, submissionFields(), { name: 'abstract.pdf', content: html }, 'application/pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only PDF files are allowed');
    expect(await storedFileCount()).toBe(before);
  });

  it('cuts off a 10 MB + 1 byte upload with 413 and stores nothing; exactly 10 MB is fine', async () => {
    const author = await createTestUser(t.app);
    const before = await storedFileCount();
    const tooBig = Buffer.concat([pdfBytes(), Buffer.alloc(TEN_MB + 1 - pdfBytes().length, 32)]);
    const res = await submit(author, submissionFields(), { name: 'big.pdf', content: tooBig });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size must be less than 10MB.');
    expect(await storedFileCount()).toBe(before);
    const tmp = await readdir(path.join(t.config.dataDir, 'files', 'tmp')).catch(() => []);
    expect(tmp).toEqual([]);

    const exact = Buffer.concat([pdfBytes(), Buffer.alloc(TEN_MB - pdfBytes().length, 32)]);
    const ok = await submit(author, submissionFields(), { name: 'exact.pdf', content: exact });
    expect(ok.statusCode).toBe(201);
  });

  it('takes a payment ID once, only after acceptance, never blank or the placeholder', async () => {
    const author = await createTestUser(t.app);
    const paper = await submitted(author);

    const early = await pay(author, paper._id, 'PAY-1');
    expect(early.statusCode).toBe(409);

    await setStatus(paper._id, 'abstract_accepted', 'Accepted');
    expect((await pay(author, paper._id, '   ')).json().message).toBe('Please enter a valid payment ID');
    expect((await pay(author, paper._id, 'TXN123456789')).statusCode).toBe(400);

    const ok = await pay(author, paper._id, '  PAY-2025-0042 ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      message: 'Payment ID updated successfully!',
      paper: { paymentId: 'PAY-2025-0042' },
    });

    const twice = await pay(author, paper._id, 'PAY-OTHER');
    expect(twice.statusCode).toBe(409);
    const [row] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, paper._id));
    expect(row!.paymentId).toBe('PAY-2025-0042');
  });

  it('takes a full paper only when accepted, paid and not yet submitted', async () => {
    const author = await createTestUser(t.app);
    const paper = await submitted(author);

    const beforeAcceptance = await uploadFullPaper(author, paper._id);
    expect(beforeAcceptance.statusCode).toBe(409);
    expect(beforeAcceptance.json().message).toBe('A full paper can be submitted only after the abstract is accepted.');

    await setStatus(paper._id, 'abstract_accepted');
    const unpaid = await uploadFullPaper(author, paper._id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Please add your payment ID before submitting the full paper.');

    await pay(author, paper._id, 'PAY-77');
    const notPdf = await uploadFullPaper(author, paper._id, Buffer.from('GIF89a not a pdf'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('Only PDF files are allowed');

    const ok = await uploadFullPaper(author, paper._id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().paper.fullPaperPdfPath).toBe(`/ictacem2025/api/papers/view-full/${paper._id}`);
    expect(ok.json().paper.fullPaperSubmittedAt).toBeTruthy();

    const again = await uploadFullPaper(author, paper._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A full paper has already been submitted for this paper.');

    const versions = await t.app.ctx.db
      .select()
      .from(submissionVersions)
      .where(and(eq(submissionVersions.paperId, paper._id), eq(submissionVersions.kind, 'full_paper')));
    expect(versions).toMatchObject([{ version: 1, status: 'current' }]);

    const view = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/view-full/${paper._id}`,
      headers: { cookie: author.cookie },
    });
    expect(view.rawPayload).toEqual(pdfBytes('full'));
  });

  it('takes an abstract re-upload only after a reset, back to Review Awaited, keeping the old version', async () => {
    const author = await createTestUser(t.app);
    const paper = await submitted(author);
    const reupload = (content: Buffer) => {
      const body = multipart({}, [{ field: 'paperPdf', name: 'v2.pdf', content }]);
      return t.app.inject({
        method: 'POST',
        url: `${API}/papers/${paper._id}/re-upload-abstract`,
        headers: { ...body.headers, cookie: author.cookie },
        payload: body.payload,
      });
    };

    const notReset = await reupload(pdfBytes('v2'));
    expect(notReset.statusCode).toBe(409);

    // What an admin reset does (its route belongs to the admin side).
    await setStatus(paper._id, 'author_response_awaited');
    const [first] = await t.app.ctx.db
      .select()
      .from(submissionVersions)
      .where(eq(submissionVersions.paperId, paper._id));
    await t.app.ctx.db.update(papers).set({ abstractFileId: null }).where(eq(papers.id, paper._id));
    await t.app.ctx.db
      .update(submissionVersions)
      .set({ status: 'reset_by_admin' })
      .where(eq(submissionVersions.id, first!.id));
    const listed = await t.app.inject({ method: 'GET', url: `${API}/papers/user`, headers: { cookie: author.cookie } });
    expect(listed.json()[0].pdfPath).toBeNull();

    const wrongType = await reupload(Buffer.from('PK\u0003\u0004 zip'));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Please select a PDF file only.');

    const ok = await reupload(pdfBytes('v2'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().paper.status).toBe('review_awaited');
    const versions = await t.app.ctx.db
      .select()
      .from(submissionVersions)
      .where(eq(submissionVersions.paperId, paper._id));
    expect(versions.map((v) => [v.version, v.status, v.fileName]).sort()).toEqual([
      [1, 'superseded', 'abstract.pdf'],
      [2, 'current', 'v2.pdf'],
    ]);
    const oldFile = await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.id, first!.fileId));
    const oldBytes = await t.app.ctx.store.open(oldFile[0]!.storageKey);
    const chunks: Buffer[] = [];
    for await (const c of oldBytes) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(pdfBytes());
  });

  it("answers 404 with no byte of the file for another author's paper", async () => {
    const owner = await createTestUser(t.app);
    const stranger = await createTestUser(t.app);
    const paper = await submitted(owner);
    await setStatus(paper._id, 'abstract_accepted');
    const as = { cookie: stranger.cookie };
    const body = multipart({}, [{ field: 'paperPdf', name: 'x.pdf', content: pdfBytes() }]);
    const fullBody = multipart({}, [{ field: 'fullPaperPdf', name: 'x.pdf', content: pdfBytes() }]);
    const attempts = await Promise.all([
      t.app.inject({ method: 'GET', url: `${API}/papers/${paper._id}`, headers: as }),
      t.app.inject({ method: 'GET', url: `${API}/papers/view/${paper._id}`, headers: as }),
      t.app.inject({ method: 'GET', url: `${API}/papers/view-full/${paper._id}`, headers: as }),
      t.app.inject({
        method: 'PATCH',
        url: `${API}/papers/${paper._id}/payment`,
        headers: as,
        payload: { paymentId: 'STOLEN' },
      }),
      t.app.inject({
        method: 'POST',
        url: `${API}/papers/${paper._id}/re-upload-abstract`,
        headers: { ...as, ...body.headers },
        payload: body.payload,
      }),
      t.app.inject({
        method: 'POST',
        url: `${API}/papers/${paper._id}/full-paper`,
        headers: { ...as, ...fullBody.headers },
        payload: fullBody.payload,
      }),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Paper not found.' });
      expect(res.body).not.toContain('%PDF');
    }
    const [row] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, paper._id));
    expect(row!.paymentId).toBe('');

    const anonymous = await t.app.inject({ method: 'GET', url: `${API}/papers/view/${paper._id}` });
    expect(anonymous.statusCode).toBe(401);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/view/${paper._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('shows authors only the admin files shared with them, and never the confidential evaluation', async () => {
    const author = await createTestUser(t.app);
    const paper = await submitted(author);
    const secret = `CONFIDENTIAL-${Date.now()}`;
    await t.app.ctx.db
      .update(papers)
      .set({ evaluationMarks: 87, evaluationComments: secret })
      .where(eq(papers.id, paper._id));
    const addFile = async (fileName: string, visibleToUser: boolean) => {
      const stored = await t.app.ctx.store.put((await import('node:stream')).Readable.from([pdfBytes(fileName)]), {
        maxBytes: TEN_MB,
        tooLargeMessage: '',
      });
      const [file] = await t.app.ctx.db
        .insert(storedFiles)
        .values({
          storageKey: stored.key,
          originalName: fileName,
          contentType: 'application/pdf',
          sizeBytes: stored.sizeBytes,
          sha256: stored.sha256,
        })
        .returning();
      const [row] = await t.app.ctx.db
        .insert(adminFiles)
        .values({ paperId: paper._id, fileId: file!.id, fileName, description: `${fileName} notes`, visibleToUser })
        .returning();
      return row!.id;
    };
    const sharedId = await addFile('reviewer-comments.pdf', true);
    const hiddenId = await addFile('internal-notes.pdf', false);

    const list = await t.app.inject({ method: 'GET', url: `${API}/papers/user`, headers: { cookie: author.cookie } });
    const detail = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/${paper._id}`,
      headers: { cookie: author.cookie },
    });
    for (const res of [list, detail]) {
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toMatch(/marks|evaluation/i);
      expect(res.body).not.toContain('internal-notes');
    }
    expect(detail.json().paper.adminUploadedFiles).toEqual([
      expect.objectContaining({
        _id: sharedId,
        fileName: 'reviewer-comments.pdf',
        visibleToUser: true,
        fileType: 'review_comment_file',
      }),
    ]);
    const shared = await t.app.inject({
      method: 'GET',
      url: detail.json().paper.adminUploadedFiles[0].viewUrl,
      headers: { cookie: author.cookie },
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.rawPayload).toEqual(pdfBytes('reviewer-comments.pdf'));
    const hidden = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/${paper._id}/shared-files/${hiddenId}/view`,
      headers: { cookie: author.cookie },
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('%PDF');

    // Turning visibility on takes effect at once.
    await t.app.ctx.db.update(adminFiles).set({ visibleToUser: true }).where(eq(adminFiles.id, hiddenId));
    const nowVisible = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/${paper._id}/shared-files/${hiddenId}/view`,
      headers: { cookie: author.cookie },
    });
    expect(nowVisible.statusCode).toBe(200);
  });

  it('lets only admins set a status, and records who did it', async () => {
    const author = await createTestUser(t.app);
    const paper = await submitted(author);
    const url = `${API}/admin/papers/${paper._id}/status`;
    const payload = { status: 'abstract_accepted', review: 'Accepted as is' };
    expect((await t.app.inject({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, payload, headers: { cookie: author.cookie } })).statusCode).toBe(
      403,
    );
    const ok = await t.app.inject({ method: 'PATCH', url, payload, headers: { cookie: admin.cookie } });
    expect(ok.json()).toMatchObject({
      success: true,
      message: 'Paper status updated to abstract_accepted',
      paper: { status: 'abstract_accepted', review: 'Accepted as is' },
    });
    const [row] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, paper._id));
    expect(row).toMatchObject({ reviewedBy: admin.user._id, status: 'abstract_accepted' });
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.paperId, paper._id), eq(auditLog.action, 'status_change')));
    expect(entry).toMatchObject({
      actorId: admin.user._id,
      previousStatus: 'review_awaited',
      newStatus: 'abstract_accepted',
      comments: 'Accepted as is',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      payload: { status: 'approved' },
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
