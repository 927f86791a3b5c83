import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TEXTS } from '@shared/domain/letters.ts';
import { dateOfBirthProblem } from '@shared/schemas/letters.ts';
import { letters, notifications, visaRequests } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { drawnTextOf } from '@server/test/pdf-drawn-text.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

type Paper = { _id: string; ictacemId: string; title: string };

const details = {
  fullNameAsInPassport: '  Jean-Luc   Dubois ',
  nationality: 'French',
  passportNumber: ' 19ab 12345 ',
  dateOfBirth: '1990-03-05',
};

describe('visa invitation letters', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  let unpaidAuthor: TestUser;
  let reviewAuthor: TestUser;
  let paid: Paper;
  let unpaid: Paper;
  let underReview: Paper;
  let approvedRequestId: string;
  let letterPath: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app);
    unpaidAuthor = await createTestUser(t.app);
    reviewAuthor = await createTestUser(t.app);
    paid = await createTestPaper(t.app, author, { title: 'Shock-wave boundary-layer interaction' });
    unpaid = await createTestPaper(t.app, unpaidAuthor);
    underReview = await createTestPaper(t.app, reviewAuthor);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/bulk/status`,
      headers: { cookie: admin.cookie },
      payload: { paperIds: [paid._id, unpaid._id], status: 'abstract_accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const payment = await t.app.inject({
      method: 'PATCH',
      url: `${API}/papers/${paid._id}/payment`,
      headers: { cookie: author.cookie },
      payload: { paymentId: 'PAY-2025-0042' },
    });
    expect(payment.statusCode, payment.body).toBe(200);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST', url: string, user: TestUser, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { cookie: user.cookie }, payload });
  const request = (paper: Paper, user: TestUser, body: Record<string, unknown> = details) =>
    send('POST', `/papers/${paper._id}/visa-requests`, user, body);
  const storedRequests = () => t.app.ctx.db.select().from(visaRequests);
  const noticesOf = (user: TestUser) =>
    t.app.ctx.db.select().from(notifications).where(eq(notifications.recipientId, user.user._id));

  it('is refused for a paper not accepted, not paid or not one’s own, and nothing is stored', async () => {
    const notAccepted = await request(underReview, reviewAuthor);
    expect(notAccepted.statusCode).toBe(403);
    expect(notAccepted.json().message).toBe(LETTER_TEXTS.visaNotAccepted);
    const notPaid = await request(unpaid, unpaidAuthor);
    expect(notPaid.statusCode).toBe(403);
    expect(notPaid.json().message).toBe(LETTER_TEXTS.visaNotPaid);
    const notTheirs = await request(paid, unpaidAuthor);
    expect(notTheirs.statusCode).toBe(404);
    // Admins may see the paper, but the request is the author's to make.
    expect((await request(paid, admin)).statusCode).toBe(404);
    expect((await send('GET', `/papers/${paid._id}/visa-requests`, unpaidAuthor)).statusCode).toBe(404);
    expect(await storedRequests()).toEqual([]);
  });

  it('validates the passport details with clear messages, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...details, passportNumber: 'AB-12' }, LETTER_TEXTS.passportInvalid],
      [{ ...details, passportNumber: 'A'.repeat(21) }, LETTER_TEXTS.passportInvalid],
      [{ ...details, dateOfBirth: '2999-01-01' }, LETTER_TEXTS.dateOfBirthFuture],
      [{ ...details, dateOfBirth: '2001-02-30' }, LETTER_TEXTS.dateOfBirthInvalid],
      [{ ...details, dateOfBirth: '05/03/1990' }, LETTER_TEXTS.dateOfBirthInvalid],
      [{ ...details, dateOfBirth: '1890-01-01' }, LETTER_TEXTS.dateOfBirthImplausible],
      [{ ...details, fullNameAsInPassport: '  ' }, LETTER_TEXTS.fullNameRequired],
      [{ ...details, fullNameAsInPassport: 'R2D2 Droid' }, LETTER_TEXTS.fullNameInvalid],
      [
        { ...details, fullNameAsInPassport: 'محمد Ali' },
        'Full name as in the passport contains characters the letters and the Book of Abstracts cannot print: م ح د',
      ],
      [
        { ...details, nationality: 'ไทย' },
        'Nationality contains characters the letters and the Book of Abstracts cannot print: ไ ท ย',
      ],
      [{ ...details, nationality: 'x'.repeat(61) }, LETTER_TEXTS.nationalityTooLong],
      [{ ...details, nationality: undefined }, 'Nationality is required'],
    ];
    for (const [body, message] of cases) {
      const res = await request(paid, author, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await storedRequests()).toEqual([]);
  });

  it('records a request with the details cleaned up, tells the admins, and refuses a second while it is pending', async () => {
    const res = await request(paid, author);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: LETTER_TEXTS.requested,
      request: {
        status: 'pending',
        fullNameAsInPassport: 'Jean-Luc Dubois',
        nationality: 'French',
        passportNumber: '19AB12345',
        dateOfBirth: '1990-03-05',
        adminNote: '',
        decidedAt: null,
        letterPath: null,
      },
    });
    approvedRequestId = res.json().request._id;
    expect((await noticesOf(admin)).map((n) => n.title)).toContain('Visa letter requested');

    const twice = await request(paid, author, { ...details, passportNumber: 'ZX987654' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LETTER_TEXTS.visaPending);
    expect(await storedRequests()).toHaveLength(1);

    const own = await send('GET', `/papers/${paid._id}/visa-requests`, author);
    expect(own.json()).toMatchObject({
      paper: { _id: paid._id, ictacemId: paid.ictacemId, title: paid.title },
      requests: [{ _id: approvedRequestId, status: 'pending' }],
    });
  });

  it('lists the requests for admins with the paper, the author and the details', async () => {
    const res = await send('GET', '/admin/visa-requests?status=pending', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    expect(res.json().requests[0]).toMatchObject({
      _id: approvedRequestId,
      status: 'pending',
      paper: { _id: paid._id, ictacemId: paid.ictacemId, title: paid.title },
      author: { _id: author.user._id, email: author.email },
      passportNumber: '19AB12345',
      decidedBy: null,
    });
    expect((await send('GET', '/admin/visa-requests?status=declined', admin)).json().requests).toEqual([]);
    expect((await send('GET', '/admin/visa-requests?status=lost', admin)).statusCode).toBe(400);
    expect((await send('GET', '/admin/visa-requests', author)).statusCode).toBe(403);
  });

  it('issues the letter on approval, tells the author, and refuses to decide the request again', async () => {
    const missingNote = await send('POST', `/admin/visa-requests/${approvedRequestId}/decline`, admin, { note: ' ' });
    expect(missingNote.statusCode).toBe(400);
    expect(missingNote.json().message).toBe(LETTER_TEXTS.noteRequired);
    const longNote = await send('POST', `/admin/visa-requests/${approvedRequestId}/decline`, admin, {
      note: 'x'.repeat(1001),
    });
    expect(longNote.json().message).toBe(LETTER_TEXTS.noteTooLong);
    expect((await send('POST', `/admin/visa-requests/${approvedRequestId}/approve`, author)).statusCode).toBe(403);

    const res = await send('POST', `/admin/visa-requests/${approvedRequestId}/approve`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const [letter] = await t.app.ctx.db
      .select()
      .from(letters)
      .where(and(eq(letters.paperId, paid._id), eq(letters.kind, 'visa')));
    expect(letter).toMatchObject({ userId: author.user._id, issuedBy: admin.user._id });
    expect(res.json().request).toMatchObject({
      status: 'approved',
      decidedBy: admin.user.username,
      letterPath: `/ictacem2025/api/admin/papers/${paid._id}/letters/visa/${letter!.id}`,
    });
    expect((await noticesOf(author)).map((n) => n.title)).toContain('Visa invitation letter issued');

    for (const decision of ['approve', 'decline']) {
      const again = await send('POST', `/admin/visa-requests/${approvedRequestId}/${decision}`, admin, {
        note: 'Too late',
      });
      expect(again.statusCode, decision).toBe(409);
      expect(again.json().message).toBe(LETTER_TEXTS.requestDecided);
    }
    const unknown = await send('POST', `/admin/visa-requests/${crypto.randomUUID()}/approve`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LETTER_TEXTS.requestNotFound);
    expect(await t.app.ctx.db.select().from(letters).where(eq(letters.kind, 'visa'))).toHaveLength(1);
  });

  it('lets the author and admins download the visa letter, with the passport details and the code', async () => {
    const own = (await send('GET', `/papers/${paid._id}/visa-requests`, author)).json();
    expect(own.requests[0]).toMatchObject({
      status: 'approved',
      letterPath: expect.stringContaining('/letters/visa/'),
    });
    letterPath = own.requests[0].letterPath.replace('/ictacem2025/api', '');
    const res = await send('GET', letterPath, author);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${paid.ictacemId}_visa_invitation_letter.pdf"`,
    );
    const pdf = await PDFDocument.load(res.rawPayload, { updateMetadata: false });
    const [letter] = await t.app.ctx.db.select().from(letters).where(eq(letters.kind, 'visa'));
    expect(pdf.getSubject()).toContain(letter!.verificationCode);
    const text = drawnTextOf(pdf.getPage(0)).join(' ');
    for (const printed of ['Jean-Luc Dubois', 'French', '19AB12345', '5 March 1990', 'PAY-2025-0042', paid.title])
      expect(text).toContain(printed);

    expect((await send('GET', `/admin${letterPath}`, admin)).statusCode).toBe(200);
    expect((await send('GET', letterPath, unpaidAuthor)).statusCode).toBe(404);
    const wrongPaper = letterPath.replace(paid._id, unpaid._id);
    expect((await send('GET', wrongPaper, unpaidAuthor)).statusCode).toBe(404);
  });

  it('verifies the visa letter publicly without any passport data', async () => {
    const [letter] = await t.app.ctx.db.select().from(letters).where(eq(letters.kind, 'visa'));
    const res = await t.app.inject({ method: 'GET', url: `${API}/letters/verify/${letter!.verificationCode}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      valid: true,
      letter: { kind: 'visa', holderName: 'Jean-Luc Dubois', ictacemId: paid.ictacemId, withdrawn: false },
    });
    for (const secret of ['19AB12345', 'French', '1990-03-05', 'PAY-2025-0042']) expect(res.body).not.toContain(secret);
  });

  it('takes a new request after a decision, and declines it with a note the author reads', async () => {
    const res = await request(paid, author, { ...details, passportNumber: 'ZX987654' });
    expect(res.statusCode, res.body).toBe(201);
    const requestId = res.json().request._id;
    const list = (await send('GET', '/admin/visa-requests', admin)).json();
    expect(list.requests.map((r: { status: string }) => r.status)).toEqual(['pending', 'approved']);

    const declined = await send('POST', `/admin/visa-requests/${requestId}/decline`, admin, {
      note: '  The passport number does not match the scan.  ',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().request).toMatchObject({
      status: 'declined',
      adminNote: 'The passport number does not match the scan.',
      letterPath: null,
    });
    const own = (await send('GET', `/papers/${paid._id}/visa-requests`, author)).json();
    expect(own.requests[0]).toMatchObject({
      _id: requestId,
      status: 'declined',
      adminNote: 'The passport number does not match the scan.',
      letterPath: null,
    });
    const notice = (await noticesOf(author)).find((n) => n.title === 'Visa letter request declined');
    expect(notice?.message).toContain('The passport number does not match the scan.');
  });

  it('withdraws the visa letter from its author once the paper is no longer accepted', async () => {
    await send('POST', '/admin/papers/bulk/status', admin, { paperIds: [paid._id], status: 'declined' });
    const refused = await send('GET', letterPath, author);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LETTER_TEXTS.letterWithdrawn);
    const [letter] = await t.app.ctx.db.select().from(letters).where(eq(letters.kind, 'visa'));
    const verified = await t.app.inject({ method: 'GET', url: `${API}/letters/verify/${letter!.verificationCode}` });
    expect(verified.json()).toMatchObject({ valid: false, letter: { withdrawn: true } });
  });
});

describe('dateOfBirthProblem', () => {
  const today = new Date('2025-12-15T10:00:00Z');
  it('takes real past dates of people between 16 and 100', () => {
    expect(dateOfBirthProblem('1990-03-05', today)).toBeNull();
    expect(dateOfBirthProblem('2009-12-15', today)).toBeNull();
    expect(dateOfBirthProblem('2009-12-16', today)).toBe(LETTER_TEXTS.dateOfBirthImplausible);
    expect(dateOfBirthProblem('1925-12-14', today)).toBe(LETTER_TEXTS.dateOfBirthImplausible);
    expect(dateOfBirthProblem('2025-12-16', today)).toBe(LETTER_TEXTS.dateOfBirthFuture);
    expect(dateOfBirthProblem('2024-02-29', today)).toBe(LETTER_TEXTS.dateOfBirthImplausible);
    expect(dateOfBirthProblem('2023-02-29', today)).toBe(LETTER_TEXTS.dateOfBirthInvalid);
  });
});
