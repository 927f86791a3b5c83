import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentDecisions } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';
import { confirmPayment } from './payments.service.ts';

/** Names in the scripts the site must carry, on the accounts whose payments are decided. */
const NAMES = ['王小明', 'Анна Петрова', 'अनिल कुमार', 'Zofia Wójcik', 'Nguyễn Thị Lan'];

describe('fees and payments: Entered, Confirmed, Rejected, decided by organisers on the server', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  let secondAdmin: TestUser;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestAppWithMail();
    admin = await createTestUser(t.app, { role: 'admin', username: 'Đặng Văn Minh' });
    secondAdmin = await createTestUser(t.app, { role: 'admin', username: 'Second Organiser' });
  });
  afterAll(() => t.close());

  async function call(
    who: TestUser,
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    const res = await t.app.inject({ method, url: `${API}${url}`, headers: { cookie: who.cookie }, payload });
    return { status: res.statusCode, json: res.json() };
  }

  async function acceptedPaper(options: { paid?: boolean } = {}) {
    serial += 1;
    const author = await createTestUser(t.app, { username: NAMES[serial % NAMES.length] });
    const paper = await createTestPaper(t.app, author);
    expect(
      (await call(admin, 'PUT', `/admin/papers/${paper._id}/status`, { status: 'abstract_accepted', review: '' }))
        .status,
    ).toBe(200);
    const paymentId = `CEP-2025-${serial}`;
    if (options.paid)
      expect((await call(author, 'PATCH', `/papers/${paper._id}/payment`, { paymentId })).status).toBe(200);
    return { author, paper, paymentId: paymentId.toUpperCase() };
  }

  it('keeps fee categories with exact early-bird and late amounts, editable by organisers only', async () => {
    const author = await createTestUser(t.app);
    const body = { name: 'Student (Indian)', currency: 'INR', earlyBird: '5,000', late: '6000.50' };
    expect((await call(author, 'POST', '/admin/fees/categories', body)).status).toBe(403);
    const created = await call(admin, 'POST', '/admin/fees/categories', body);
    expect(created.status).toBe(200);
    expect(created.json.category).toMatchObject({
      name: 'Student (Indian)',
      currency: 'INR',
      earlyBirdMinor: 500000,
      lateMinor: 600050,
    });
    expect((await call(admin, 'POST', '/admin/fees/categories', body)).status).toBe(409);
    const bad = await call(admin, 'POST', '/admin/fees/categories', { ...body, name: 'Other', late: '60.005' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('at most two decimals');
    const usd = await call(admin, 'POST', '/admin/fees/categories', {
      name: 'Academic (foreign)',
      currency: 'USD',
      earlyBird: '300',
      late: '350',
    });
    const updated = await call(admin, 'PUT', `/admin/fees/categories/${usd.json.category._id}`, {
      name: 'Academic (foreign)',
      currency: 'USD',
      earlyBird: '299.99',
      late: '350',
    });
    expect(updated.json.category.earlyBirdMinor).toBe(29999);
    const fees = await call(admin, 'GET', '/admin/fees');
    expect(fees.json.categories.map((c: { name: string }) => c.name)).toEqual([
      'Student (Indian)',
      'Academic (foreign)',
    ]);
    expect(fees.json.periods.earlyBirdCloses).toBe('2025-11-15T23:59:59+05:30');
    expect(fees.json.fullPaperRequires).toBe('entered');
  });

  it('shows the author the fees and stores the category they pick for their own paper only', async () => {
    const { author, paper } = await acceptedPaper();
    const stranger = await createTestUser(t.app);
    const fees = await call(author, 'GET', `/papers/${paper._id}/fees`);
    expect(fees.status).toBe(200);
    expect(fees.json.payment).toMatchObject({ state: 'unpaid', categoryId: null });
    const categoryId = fees.json.categories[0]._id;
    expect((await call(stranger, 'GET', `/papers/${paper._id}/fees`)).status).toBe(404);
    expect((await call(stranger, 'PUT', `/papers/${paper._id}/fee-category`, { categoryId })).status).toBe(404);
    const chosen = await call(author, 'PUT', `/papers/${paper._id}/fee-category`, { categoryId });
    expect(chosen.status).toBe(200);
    expect((await call(author, 'GET', `/papers/${paper._id}/fees`)).json.payment.categoryId).toBe(categoryId);
  });

  it('confirms an entered payment with the day received, amount and early-bird rate, on the timeline', async () => {
    const { author, paper, paymentId } = await acceptedPaper({ paid: true });
    expect((await call(author, 'GET', `/papers/${paper._id}/fees`)).json.payment.state).toBe('entered');
    const body = { paymentId, receivedOn: '2025-11-12', amount: '5000', currency: 'INR' };
    expect((await call(author, 'POST', `/admin/papers/${paper._id}/payment/confirm`, body)).status).toBe(403);
    const confirmed = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/confirm`, body);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.payment).toMatchObject({
      state: 'confirmed',
      confirmation: {
        paymentId,
        receivedOn: '2025-11-12',
        amountMinor: 500000,
        currency: 'INR',
        rate: 'early_bird',
        source: 'organiser',
        confirmedBy: admin.user._id,
      },
    });
    expect((await call(author, 'GET', `/papers/${paper._id}/fees`)).json.payment.state).toBe('confirmed');
    const again = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/confirm`, body);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This payment is already confirmed.');
    const rejectConfirmed = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/reject`, {
      paymentId,
      reason: 'x',
    });
    expect(rejectConfirmed.status).toBe(409);
    const timeline = (await call(admin, 'GET', `/admin/papers/${paper._id}/timeline`)).json.timeline;
    expect(timeline.find((e: { action: string }) => e.action === 'payment_confirmed')).toMatchObject({
      label: `Payment confirmed: ${paymentId}, INR 5,000.00 received 12 November 2025, Early bird`,
      actor: { name: 'Đặng Văn Minh', role: 'organiser' },
    });
  });

  it('gives the late rate to a payment received on 16 November, and refuses a day in the future or a changed ID', async () => {
    const { paper, paymentId } = await acceptedPaper({ paid: true });
    const future = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/confirm`, {
      paymentId,
      receivedOn: '2999-01-01',
      amount: '6000',
      currency: 'INR',
    });
    expect(future.status).toBe(400);
    const stale = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/confirm`, {
      paymentId: 'SOMETHING-ELSE',
      receivedOn: '2025-11-16',
      amount: '6000',
      currency: 'INR',
    });
    expect(stale.status).toBe(409);
    const late = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/confirm`, {
      paymentId,
      receivedOn: '2025-11-16',
      amount: '6000',
      currency: 'INR',
    });
    expect(late.json.payment.confirmation.rate).toBe('late');
  });

  it('refuses to confirm a paper without a payment ID, or with the placeholder TXN123456789', async () => {
    const { paper } = await acceptedPaper();
    const res = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/confirm`, {
      paymentId: 'TXN123456789',
      receivedOn: '2025-11-10',
      amount: '5000',
      currency: 'INR',
    });
    expect(res.status).toBe(409);
    expect(
      await t.app.ctx.db.select().from(paymentDecisions).where(eq(paymentDecisions.paperId, paper._id)),
    ).toHaveLength(0);
  });

  it('confirms each payment once when two organisers confirm at the same time', async () => {
    const { paper, paymentId } = await acceptedPaper({ paid: true });
    const input = {
      paymentId,
      receivedOn: '2025-11-10',
      amountMinor: 500000,
      currency: 'INR' as const,
      source: 'organiser' as const,
    };
    const outcomes = await Promise.all(
      [admin, secondAdmin].map((who) =>
        t.app.ctx.db.transaction((tx) => confirmPayment(t.app.ctx, tx, who.user, paper._id, input)),
      ),
    );
    expect(outcomes.map((o) => o.confirmed).sort()).toEqual([false, true]);
    const rows = await t.app.ctx.db.select().from(paymentDecisions).where(eq(paymentDecisions.paperId, paper._id));
    expect(rows).toHaveLength(1);
    const timeline = (await call(admin, 'GET', `/admin/papers/${paper._id}/timeline`)).json.timeline;
    expect(timeline.filter((e: { action: string }) => e.action === 'payment_confirmed')).toHaveLength(1);
    // And through HTTP: one 200, one 409, never two confirmations.
    const other = await acceptedPaper({ paid: true });
    const body = { paymentId: other.paymentId, receivedOn: '2025-11-10', amount: '5000', currency: 'INR' };
    const answers = await Promise.all(
      [admin, secondAdmin].map((who) => call(who, 'POST', `/admin/papers/${other.paper._id}/payment/confirm`, body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('gives every confirmed payment its own receipt number', async () => {
    const rows = await t.app.ctx.db.select().from(paymentDecisions).where(eq(paymentDecisions.state, 'confirmed'));
    const numbers = rows.map((r) => r.receiptNumber);
    expect(numbers.every((n) => typeof n === 'number')).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('rejects a payment with a reason: the author is told by e-mail and in the site, and enters another ID', async () => {
    const { author, paper, paymentId } = await acceptedPaper({ paid: true });
    expect((await call(author, 'PATCH', `/papers/${paper._id}/payment`, { paymentId: 'ANOTHER-1' })).status).toBe(409);
    const missingReason = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/reject`, {
      paymentId,
      reason: ' ',
    });
    expect(missingReason.status).toBe(400);
    const reason = 'No payment with this ID reached the institute’s account.';
    const rejected = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/reject`, { paymentId, reason });
    expect(rejected.status).toBe(200);
    expect(rejected.json.payment).toMatchObject({
      state: 'unpaid',
      paymentId: '',
      lastRejection: { paymentId, reason },
    });

    const notes = (await call(author, 'GET', '/notifications?page=1&limit=10')).json.data.notifications;
    expect(notes[0]).toMatchObject({ title: `Payment not confirmed: ${paper.ictacemId}` });
    expect(notes[0].message).toContain(reason);
    await expect
      .poll(() => t.smtp.inbox.find((m) => m.to.includes(author.email) && m.raw.includes('Payment not confirmed')), {
        timeout: 10_000,
      })
      .toBeTruthy();

    const timeline = (await call(admin, 'GET', `/admin/papers/${paper._id}/timeline`)).json.timeline;
    expect(timeline.find((e: { action: string }) => e.action === 'payment_rejected')).toMatchObject({
      label: `Payment rejected: ${paymentId}`,
      reason,
      actor: { name: 'Đặng Văn Minh', role: 'organiser' },
    });

    const again = await call(author, 'PATCH', `/papers/${paper._id}/payment`, { paymentId: 'CEP-NEW-77' });
    expect(again.status).toBe(200);
    const view = (await call(author, 'GET', `/papers/${paper._id}/fees`)).json.payment;
    expect(view).toMatchObject({ state: 'entered', paymentId: 'CEP-NEW-77' });
    // Read-only once saved, again.
    expect((await call(author, 'PATCH', `/papers/${paper._id}/payment`, { paymentId: 'CEP-NEW-78' })).status).toBe(409);
  });

  it('opens the full paper on an entered ID by default, and only on a confirmed payment when the setting says so', async () => {
    const upload = (who: TestUser, paperId: string) => {
      const body = multipart({}, [{ field: 'fullPaperPdf', name: 'full.pdf', content: pdfBytes('full') }]);
      return t.app.inject({
        method: 'POST',
        url: `${API}/papers/${paperId}/full-paper`,
        headers: { ...body.headers, cookie: who.cookie },
        payload: body.payload,
      });
    };
    const first = await acceptedPaper({ paid: true });
    expect((await upload(first.author, first.paper._id)).statusCode).toBe(200);

    expect((await call(admin, 'PUT', '/admin/fees/settings', { fullPaperRequires: 'confirmed' })).status).toBe(200);
    const second = await acceptedPaper({ paid: true });
    const refused = await upload(second.author, second.paper._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Your payment must be confirmed by the organisers before you submit the full paper.',
    );
    await call(admin, 'POST', `/admin/papers/${second.paper._id}/payment/confirm`, {
      paymentId: second.paymentId,
      receivedOn: '2025-11-01',
      amount: '5000',
      currency: 'INR',
    });
    expect((await upload(second.author, second.paper._id)).statusCode).toBe(200);
    await call(admin, 'PUT', '/admin/fees/settings', { fullPaperRequires: 'entered' });
  });

  it('lists papers by payment state, Confirmed, Entered and Unpaid, with their counts', async () => {
    const all = await call(admin, 'GET', '/admin/payments');
    expect(all.status).toBe(200);
    const { confirmed, entered, unpaid } = all.json.counts;
    expect(confirmed + entered + unpaid).toBe(all.json.papers.length);
    expect(confirmed).toBeGreaterThanOrEqual(4);
    for (const state of ['confirmed', 'entered', 'unpaid'] as const) {
      const list = await call(admin, 'GET', `/admin/payments?state=${state}`);
      expect(list.json.papers).toHaveLength(all.json.counts[state]);
      expect(list.json.papers.every((p: { payment: { state: string } }) => p.payment.state === state)).toBe(true);
    }
    const author = await createTestUser(t.app);
    expect((await call(author, 'GET', '/admin/payments')).status).toBe(403);

    // The dashboard, the Financial records and the paper list count the same.
    const { stats } = (await call(admin, 'GET', '/admin/stats')).json;
    expect({ confirmed: stats.paymentConfirmed, entered: stats.paymentEntered, unpaid: stats.pendingPayment }).toEqual(
      all.json.counts,
    );
    expect(stats.paymentCompleted).toBe(confirmed + entered);
    const { summary } = (await call(admin, 'GET', '/admin/records?view=financial')).json;
    expect({ confirmed: summary.confirmed, entered: summary.entered, unpaid: summary.unpaid }).toEqual(all.json.counts);
    for (const state of ['confirmed', 'entered'] as const) {
      const list = (await call(admin, 'GET', `/admin/papers?payment=${state}&limit=100`)).json;
      expect(list.pagination.total, state).toBe(all.json.counts[state]);
    }
  });
});
