import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_TEXTS } from '@shared/domain/receipts.ts';
import { letters, papers, paymentDecisions } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { runJobToDone } from '@server/test/background-job.ts';
import { pdfFonts, pdfText } from '@server/test/poppler.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { unzip } from '@server/test/zip-entries.ts';
import { confirmPayment } from '../payments/payments.service.ts';

/** Payers' names in the scripts the site must print exactly as typed. */
const NAMES = ['王小明', 'Анна Петрова', 'अनिल कुमार', 'Zofia Wójcik', 'Nguyễn Thị Lan'];

describe('payment receipts: issued for confirmed payments, verified by code, zipped for organisers', () => {
  let t: TestApp;
  let admin: TestUser;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: who ? { cookie: who.cookie } : {}, payload });

  /** An author's paper with a payment ID entered, and confirmed unless asked otherwise. */
  async function paidPaper(name: string, confirmation: { amount?: string; currency?: string } | null = {}) {
    serial += 1;
    const author = await createTestUser(t.app, { username: name });
    const paper = await createTestPaper(t.app, author, { title: `Receipt paper ${serial}` });
    const accepted = { status: 'abstract_accepted', review: '' };
    expect((await call(admin, 'PUT', `/admin/papers/${paper._id}/status`, accepted)).statusCode).toBe(200);
    const paymentId = `CEP-R-${serial}`;
    expect((await call(author, 'PATCH', `/papers/${paper._id}/payment`, { paymentId })).statusCode).toBe(200);
    if (confirmation) {
      const res = await call(admin, 'POST', `/admin/papers/${paper._id}/payment/confirm`, {
        paymentId,
        receivedOn: '2025-11-12',
        amount: confirmation.amount ?? '8500',
        currency: confirmation.currency ?? 'INR',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { author, paper, paymentId };
  }

  async function receiptOfPaper(paperId: string) {
    const [row] = await t.app.ctx.db.select().from(letters).where(eq(letters.paperId, paperId));
    return row!;
  }

  it('refuses the receipts ZIP while no payment is confirmed', async () => {
    const res = await call(admin, 'POST', '/admin/jobs', { kind: 'payment_receipts_zip' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RECEIPT_TEXTS.noReceipts);
  });

  it('prints the payer as typed in every script, the amount in words and figures, and embeds its fonts', async () => {
    for (const name of NAMES) {
      const { author, paper } = await paidPaper(name);
      const res = await call(author, 'GET', `/papers/${paper._id}/receipt`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${paper.ictacemId}_receipt_\\d{5}\\.pdf"$`),
      );
      const text = await pdfText(res.rawPayload);
      const [decision] = await t.app.ctx.db
        .select()
        .from(paymentDecisions)
        .where(eq(paymentDecisions.paperId, paper._id));
      const receipt = await receiptOfPaper(paper._id);
      expect(text).toContain(`Received with thanks from ${name}`);
      expect(text).toContain(paper.ictacemId);
      expect(text).toContain('Rupees eight thousand five hundred only (INR 8,500.00)');
      expect(text).toContain('12 November 2025');
      expect(text).toContain('Early bird');
      expect(text).toContain(`Receipt No. ${String(decision!.receiptNumber).padStart(5, '0')}`);
      expect(text).toContain(`Verification code: ${receipt.verificationCode}`);
      expect(text).toContain(`/verify-letter/${receipt.verificationCode}`);
      const fonts = await pdfFonts(res.rawPayload);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((font) => !font.embedded)).toEqual([]);
    }
  });

  it('is issued once: the same code each download, and for the organisers too', async () => {
    const { author, paper } = await paidPaper('Priya Sharma', { amount: '350', currency: 'USD' });
    const first = await call(author, 'GET', `/papers/${paper._id}/receipt`);
    const code = (await receiptOfPaper(paper._id)).verificationCode;
    const again = await call(admin, 'GET', `/admin/papers/${paper._id}/receipt`);
    expect(again.statusCode).toBe(200);
    const issued = await t.app.ctx.db.select().from(letters).where(eq(letters.paperId, paper._id));
    expect(issued).toHaveLength(1);
    expect(await pdfText(again.rawPayload)).toContain(code);
    expect(await pdfText(first.rawPayload)).toContain('US dollars three hundred and fifty only (USD 350.00)');
  });

  it('names the payer as the statement does when the confirmation carries a name', async () => {
    const { author, paper, paymentId } = await paidPaper('Account Holder', null);
    await t.app.ctx.db.transaction((tx) =>
      confirmPayment(t.app.ctx, tx, admin.user, paper._id, {
        paymentId,
        receivedOn: '2025-11-20',
        amountMinor: 600050,
        currency: 'INR',
        source: 'statement',
        payerName: 'Łukasz Żółkiewski',
      }),
    );
    const text = await pdfText((await call(author, 'GET', `/papers/${paper._id}/receipt`)).rawPayload);
    expect(text).toContain('Received with thanks from Łukasz Żółkiewski');
    expect(text).not.toContain('Account Holder');
    expect(text).toContain('Rupees six thousand and fifty paise only (INR 6,000.50)');
    expect(text).toContain('Late');
  });

  it('has no receipt before confirmation, and none for another author or a paper that does not exist', async () => {
    const entered = await paidPaper('Entered Only', null);
    const refused = await call(entered.author, 'GET', `/papers/${entered.paper._id}/receipt`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(RECEIPT_TEXTS.notConfirmed);
    const adminRefused = await call(admin, 'GET', `/admin/papers/${entered.paper._id}/receipt`);
    expect(adminRefused.json().message).toBe(RECEIPT_TEXTS.notConfirmedAdmin);

    const confirmed = await paidPaper('Someone Else');
    expect((await call(entered.author, 'GET', `/papers/${confirmed.paper._id}/receipt`)).statusCode).toBe(404);
    expect((await call(entered.author, 'GET', `/papers/00000000-0000-4000-8000-000000000000/receipt`)).statusCode).toBe(
      404,
    );
    expect((await call(null, 'GET', `/papers/${confirmed.paper._id}/receipt`)).statusCode).toBe(401);
    expect(await t.app.ctx.db.select().from(letters).where(eq(letters.paperId, confirmed.paper._id))).toEqual([]);
  });

  it('verifies by code: number, paper, amount and day, nothing private; withdrawn once the confirmation is gone', async () => {
    const { author, paper, paymentId } = await paidPaper('Verified Payer Name');
    await call(author, 'GET', `/papers/${paper._id}/receipt`);
    const { verificationCode: code, details } = await receiptOfPaper(paper._id);
    const typed = code.toLowerCase().replace(/-/g, ' ');
    const res = await call(null, 'GET', `/letters/verify/${encodeURIComponent(typed)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      valid: true,
      letter: {
        kind: 'receipt',
        issuedAt: expect.any(String),
        receiptNumber: details.receiptNumber!.padStart(5, '0'),
        ictacemId: paper.ictacemId,
        amountMinor: 850000,
        currency: 'INR',
        receivedOn: '2025-11-12',
        withdrawn: false,
      },
    });
    expect(res.body).not.toContain('Verified Payer Name');
    expect(res.body).not.toContain(paymentId);

    // Were a confirmation ever reversed (a later decision on the paper), the receipt stops standing.
    await t.app.ctx.db.insert(paymentDecisions).values({
      paperId: paper._id,
      paymentId,
      state: 'rejected',
      reason: 'Reversed by the bank',
      decidedAt: new Date(Date.now() + 60_000),
    });
    const reversed = (await call(null, 'GET', `/letters/verify/${code}`)).json();
    expect(reversed).toMatchObject({ valid: false, letter: { kind: 'receipt', withdrawn: true } });
    expect((await call(author, 'GET', `/papers/${paper._id}/receipt`)).statusCode).toBe(403);

    // A paper removed takes its payment decisions with it: the receipt is withdrawn.
    const other = await paidPaper('Removed Paper Payer');
    await call(other.author, 'GET', `/papers/${other.paper._id}/receipt`);
    const removedCode = (await receiptOfPaper(other.paper._id)).verificationCode;
    await t.app.ctx.db.delete(papers).where(eq(papers.id, other.paper._id));
    expect((await call(null, 'GET', `/letters/verify/${removedCode}`)).json()).toMatchObject({
      valid: false,
      letter: { kind: 'receipt', withdrawn: true },
    });
  });

  it('zips every confirmed payment’s receipt in the background, with a manifest, for organisers only', async () => {
    const author = await createTestUser(t.app);
    expect((await call(author, 'POST', '/admin/jobs', { kind: 'payment_receipts_zip' })).statusCode).toBe(403);
    const zipped = await paidPaper('Nguyễn Văn Zip');
    const job = await runJobToDone(t.app, admin.cookie, { kind: 'payment_receipts_zip' });
    expect(job.fileName).toBe('ictacem2025-payment-receipts.zip');
    const download = await t.app.inject({ method: 'GET', url: job.downloadPath, headers: { cookie: admin.cookie } });
    expect(download.statusCode).toBe(200);
    const files = await unzip(download.rawPayload);
    const confirmed = await t.app.ctx.db
      .select()
      .from(paymentDecisions)
      .where(eq(paymentDecisions.state, 'confirmed'))
      .orderBy(paymentDecisions.receiptNumber);
    // One receipt per confirmed payment whose paper remains (one paper was removed above), then the manifest.
    expect(files.size).toBe(confirmed.length + 1);
    expect([...files.keys()].at(-1)).toBe('manifest.csv');
    const receipt = await receiptOfPaper(zipped.paper._id);
    const name = `${zipped.paper.ictacemId}_receipt_${receipt.details.receiptNumber!.padStart(5, '0')}.pdf`;
    expect(files.get(name)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(files.get(name)!)).toContain('Received with thanks from Nguyễn Văn Zip');
    const manifest = files.get('manifest.csv')!.toString('utf8');
    expect(manifest.split('\r\n')[0]).toContain('"File","Receipt Number","ICTACEM ID"');
    expect(manifest).toContain(`"${name}","${receipt.details.receiptNumber!.padStart(5, '0')}"`);
    expect(manifest).toContain(`"Nguyễn Văn Zip","INR 8,500.00","850000","INR","2025-11-12","Early bird"`);
    expect(manifest).toContain(`"${receipt.verificationCode}"`);
    for (const payer of NAMES) expect(manifest).toContain(`"${payer}"`);
  });
});
