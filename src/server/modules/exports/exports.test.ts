import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

describe('paper list exports', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  const created: { _id: string; ictacemId: string; title: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app);
    created.push(
      await createTestPaper(t.app, author, { title: 'Export: Müller plates', theme: 'Propulsion and Combustion' }),
    );
    const second = await createTestUser(t.app);
    created.push(
      await createTestPaper(t.app, second, { title: '=HYPERLINK("x") shells', theme: 'Propulsion and Combustion' }),
    );
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${created[0]!._id}/evaluate`,
      headers: { cookie: admin.cookie },
      payload: { marks: 87, confidentialComments: 'Strong' },
    });
  });
  afterAll(() => t.close());

  const get = (query: string, user = admin) =>
    t.app.inject({ method: 'GET', url: `${API}/admin/papers/export?${query}`, headers: { cookie: user.cookie } });
  const post = (payload: Record<string, unknown>, user = admin) =>
    t.app.inject({ method: 'POST', url: `${API}/admin/papers/export`, headers: { cookie: user.cookie }, payload });

  async function sheetOf(body: Buffer) {
    const workbook = new ExcelJS.Workbook();
    // The library's types predate Node's generic Buffer; the bytes themselves are what it reads.
    await workbook.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
    const sheet = workbook.getWorksheet('Papers')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('writes the filtered papers as a spreadsheet that reads back with every column', async () => {
    const res = await get('format=xlsx&theme=Propulsion%20and%20Combustion');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ictacem2025-papers.xlsx"');
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual([
      'ICTACEM ID',
      'Title',
      'Theme',
      'Mode of Presentation',
      'Status',
      'Authors (affiliation)',
      'Submitting Author',
      'Submitting Author Email',
      'Payment ID',
      'Marks',
      'Submitted',
      'Full Paper Submitted',
    ]);
    expect(rows).toHaveLength(3);
    const first = rows.find((row) => row[0] === created[0]!.ictacemId)!;
    expect(first.slice(1, 10)).toEqual([
      'Export: Müller plates',
      'Propulsion and Combustion',
      'Oral',
      'Review Awaited',
      'Ada Lovelace (Analytical Engines Ltd); Sophie Germain (Institut de France)',
      author.user.username,
      author.email,
      undefined,
      87,
    ]);
    expect(first[10]).toBeInstanceOf(Date);
  });

  it('writes a selection as CSV in the selection’s order, formulas neutralised', async () => {
    const res = await post({ format: 'csv', paperIds: [created[1]!._id, created[0]!._id] });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${created[1]!.ictacemId}","'=HYPERLINK(""x"") shells"`);
    expect(lines[2]).toContain(`"${created[0]!.ictacemId}","Export: Müller plates"`);
  });

  it('prints the labels the pages show, not the stored codes, in both formats', async () => {
    // A paper stored before the mode was asked has none: the pages say "Not specified".
    await t.app.ctx.db
      .update(papers)
      .set({ status: 'abstract_accepted', modeOfPresentation: null })
      .where(eq(papers.id, created[1]!._id));
    try {
      const csv = (await post({ format: 'csv', paperIds: [created[1]!._id, created[0]!._id] })).body;
      expect(csv).toContain('"Propulsion and Combustion","Not specified","Abstract Accepted"');
      expect(csv).toContain('"Propulsion and Combustion","Oral","Review Awaited"');
      expect(csv).not.toMatch(/abstract_accepted|review_awaited/);
      const rows = await sheetOf((await post({ format: 'xlsx', paperIds: [created[1]!._id] })).rawPayload);
      expect(rows[1]!.slice(2, 5)).toEqual(['Propulsion and Combustion', 'Not specified', 'Abstract Accepted']);
    } finally {
      await t.app.ctx.db
        .update(papers)
        .set({ status: 'review_awaited', modeOfPresentation: 'Oral' })
        .where(eq(papers.id, created[1]!._id));
    }
  });

  it('is for admins only, and refuses an empty selection or an unknown format', async () => {
    expect((await get('format=csv', author)).statusCode).toBe(403);
    expect((await post({ format: 'csv', paperIds: [created[0]!._id] }, author)).statusCode).toBe(403);
    const empty = await post({ format: 'xlsx', paperIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Select at least one paper.');
    const unknown = await get('format=pdf');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The export format is xlsx or csv.');
  });
});
