import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

/**
 * A hand-made conference: four authors and the admin, three papers. Every account counts,
 * the admin's too (an account without a paper here).
 *   ada:    "=cmd|' /C calc'!A0" theme Aero, Oral,   accepted, paid PAY-1, marks 88, full paper
 *   bob:    "Beam buckling"      theme Solid, Poster, declined, unpaid,     marks 45
 *   cleo:   "Combustion 50%_off" theme Prop, Oral,   review_awaited, placeholder payment, no marks
 *   dora:   no paper
 */
describe('dashboard statistics and management lists', () => {
  let t: TestApp;
  let admin: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    const make = async (name: string, fields: Record<string, string>, update: Partial<typeof papers.$inferInsert>) => {
      const author = await createTestUser(t.app);
      await t.app.ctx.db.execute(`update users set username = '${name}' where id = '${author.user._id}'`);
      const paper = await createTestPaper(t.app, author, fields);
      await t.app.ctx.db.update(papers).set(update).where(eq(papers.id, paper._id));
      ids[name] = paper._id;
      return author;
    };
    await make(
      'Ada Lovelace',
      { title: "=cmd|' /C calc'!A0", theme: 'Aerodynamics and Fluid Mechanics', modeOfPresentation: 'Oral' },
      {
        status: 'abstract_accepted',
        paymentId: 'PAY-1',
        evaluationMarks: 88,
        fullPaperFileId: null,
      },
    );
    await make(
      'Bob Builder',
      {
        title: 'Beam buckling',
        theme: 'Solid Mechanics and Dynamics',
        modeOfPresentation: 'Poster (Only for Students)',
      },
      {
        status: 'declined',
        evaluationMarks: 45,
        submittedAt: new Date(Date.now() - 30 * 86_400_000),
      },
    );
    await make(
      'Cleo Patra',
      { title: 'Combustion 50%_off', theme: 'Propulsion and Combustion', modeOfPresentation: 'Oral' },
      {
        paymentId: 'TXN123456789',
        submittedAt: new Date(Date.now() - 86_400_000),
      },
    );
    const dora = await createTestUser(t.app);
    await t.app.ctx.db.execute(`update users set username = 'Dora Explorer' where id = '${dora.user._id}'`);
    // Ada's full paper, by pointing at her abstract's file.
    const [ada] = await t.app.ctx.db.select().from(papers).where(eq(papers.id, ids['Ada Lovelace']!));
    await t.app.ctx.db.update(papers).set({ fullPaperFileId: ada!.abstractFileId }).where(eq(papers.id, ada!.id));
  });
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/admin${path}`, headers: { cookie: admin.cookie } });
    return { status: res.statusCode, body: safeJson(res.body), raw: res };
  };
  const safeJson = (text: string) => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };

  it('computes the overview figures in SQL', async () => {
    const { body } = await get('/stats');
    expect(body.stats).toEqual({
      totalUsers: 5,
      total: 3,
      byStatus: {
        review_awaited: 1,
        review_in_progress: 0,
        author_response_awaited: 0,
        abstract_accepted: 1,
        declined: 1,
      },
      fullPaperSubmitted: 1,
      abstractOnlySubmitted: 2,
      paymentCompleted: 1,
      pendingPayment: 2,
      // Nobody confirmed the one entered payment ID (modules/payments).
      paymentConfirmed: 0,
      paymentEntered: 1,
      presentationModes: { Oral: 2, 'Poster (Only for Students)': 1 },
      themes: {
        'Aerodynamics and Fluid Mechanics': 1,
        'Solid Mechanics and Dynamics': 1,
        'Propulsion and Combustion': 1,
      },
      activeThisWeek: 2,
      usersWithPapers: 3,
      evaluated: 2,
      averageScore: 66.5,
    });
    expect(body.recentSubmissions.map((r: { title: string }) => r.title)).toEqual([
      "=cmd|' /C calc'!A0",
      'Combustion 50%_off',
      'Beam buckling',
    ]);
    expect(body.recentSubmissions[0].firstAuthor).toBe('Ada Lovelace');
  });

  it('searches, filters and pages papers on the server', async () => {
    const titles = async (query: string) =>
      (await get(`/papers?${query}`)).body.papers.map((p: { title: string }) => p.title);
    expect(await titles('theme=Solid%20Mechanics%20and%20Dynamics')).toEqual(['Beam buckling']);
    expect(await titles('status=abstract_accepted&mode=Oral')).toEqual(["=cmd|' /C calc'!A0"]);
    // Every fixture paper lists Sophie Germain as second author (see SAMPLE_AUTHORS).
    expect(await titles('search=sophie%20germ')).toHaveLength(3);
    expect(await titles('search=BEAM')).toEqual(['Beam buckling']);
    expect(await titles('search=ictacemp2025')).toHaveLength(3);
    expect(await titles('search=nothing-like-this')).toEqual([]);
    expect(await titles('search=50%25_')).toEqual(['Combustion 50%_off']);
    expect(await titles('search=%25')).toEqual(['Combustion 50%_off']);
    expect(await titles(`search=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
    const page2 = await get('/papers?limit=2&page=2');
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page2.body.papers).toHaveLength(1);
    expect((await get('/papers?page=9')).body.papers).toEqual([]);
    expect((await get('/papers?status=approved')).status).toBe(400);
    expect((await get('/papers?limit=1000')).status).toBe(400);
  });

  it('lists users with their per-status counts and finds them by name, e-mail or id', async () => {
    const all = (await get('/users')).body;
    expect(all.pagination.total).toBe(5);
    const bob = all.users.find((u: { username: string }) => u.username === 'Bob Builder');
    expect(bob).toMatchObject({ paperCount: 1, statusCounts: { declined: 1, abstract_accepted: 0 } });
    expect(bob).not.toHaveProperty('passwordHash');
    const found = (await get(`/users?search=${encodeURIComponent(bob.customUserId)}`)).body.users;
    expect(found.map((u: { username: string }) => u.username)).toEqual(['Bob Builder']);
    expect((await get('/users?search=nobody-here')).body.users).toEqual([]);
  });

  it('builds the financial and evaluation tables with filters, sorts and summary', async () => {
    const rows = async (query: string) => (await get(`/records?${query}`)).body;
    const financial = await rows('view=financial');
    expect(financial.summary).toEqual({
      totalSubmissions: 3,
      paid: 1,
      confirmed: 0,
      entered: 1,
      unpaid: 2,
      noSubmissions: 2,
      paymentRate: 33.3,
      evaluated: 2,
      pending: 1,
      evaluationRate: 66.7,
      averageScore: 66.5,
    });
    expect(financial.pagination.total).toBe(5);
    expect(financial.rows.map((r: { user: { username: string } }) => r.user.username)).toEqual([
      'Ada Lovelace',
      'Cleo Patra',
      'Bob Builder',
      'Dora Explorer',
      'Test admin',
    ]);
    expect(
      (await rows('view=financial&filter=paid')).rows.map((r: { user: { username: string } }) => r.user.username),
    ).toEqual(['Ada Lovelace']);
    expect((await rows('view=financial&filter=unpaid')).pagination.total).toBe(2);

    const byScore = await rows('view=evaluation&sort=score');
    expect(
      byScore.rows.map((r: { paper: { marks: number | null } | null }) => (r.paper ? r.paper.marks : 'none')),
    ).toEqual([88, 45, null, 'none', 'none']);
    expect(
      (await rows('view=evaluation&filter=pending')).rows.map((r: { user: { username: string } }) => r.user.username),
    ).toEqual(['Cleo Patra']);
    expect((await rows('view=evaluation&sort=name&limit=5&page=1')).rows[0].user.username).toBe('Ada Lovelace');
    expect(
      (await rows('view=evaluation&search=beam')).rows.map((r: { paper: { title: string } }) => r.paper.title),
    ).toEqual(['Beam buckling']);
    expect((await get('/records?view=financial&limit=7')).status).toBe(400);
    expect((await get('/records?view=financial&sort=password_hash')).status).toBe(400);
  });

  it('exports exactly the filtered rows as CSV with formulas neutralised', async () => {
    const { raw } = await get('/records/export?view=financial&filter=paid');
    expect(raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(raw.headers['content-disposition']).toBe('attachment; filename="ictacem2025-financial.csv"');
    expect(raw.headers['content-length']).toBe(String(Buffer.byteLength(raw.body)));
    // A byte order mark first, so that Excel reads the file as UTF-8.
    expect(raw.body.startsWith('\uFEFF"User"')).toBe(true);
    const lines = raw.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('"User","Email","User ID","Paper","Payment Status","Payment ID","Submitted"');
    expect(lines[1]).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(lines[1]).toContain('"Paid","PAY-1"');
    const evaluation = (await get('/records/export?view=evaluation')).raw.body.trim().split('\r\n');
    expect(evaluation).toHaveLength(6);
    expect(evaluation.some((l: string) => l.includes('"No Submission"'))).toBe(true);
  });

  it('prints in the records CSVs the labels the records tables show, never the stored codes', async () => {
    const lineOf = (lines: string[], name: string) => lines.find((line) => line.startsWith(`"${name}"`))!;
    const evaluation = (await get('/records/export?view=evaluation')).raw.body.slice(1).split('\r\n');
    expect(lineOf(evaluation, 'Ada Lovelace')).toContain('"Abstract Accepted","Evaluated","88"');
    expect(lineOf(evaluation, 'Bob Builder')).toContain('"Declined","Evaluated","45"');
    expect(lineOf(evaluation, 'Cleo Patra')).toContain('"Combustion 50%_off","Review Awaited","Pending Review",""');
    expect(lineOf(evaluation, 'Dora Explorer')).toContain('"No Submission","","No Submission"');
    expect(evaluation.join('\n')).not.toMatch(/abstract_accepted|review_awaited|declined"/);
    const financial = (await get('/records/export?view=financial')).raw.body.slice(1).split('\r\n');
    expect(lineOf(financial, 'Ada Lovelace')).toContain('"Paid","PAY-1"');
    expect(lineOf(financial, 'Cleo Patra')).toContain('"Combustion 50%_off","Unpaid"');
    expect(lineOf(financial, 'Dora Explorer')).toContain('"No Submission","N/A",""');
  });

  it('keeps every dashboard route for admins', async () => {
    const author = await createTestUser(t.app);
    for (const path of ['/stats', '/users', '/papers', '/records?view=financial', '/records/export?view=financial']) {
      const res = await t.app.inject({ method: 'GET', url: `${API}/admin${path}`, headers: { cookie: author.cookie } });
      expect(res.statusCode, path).toBe(403);
    }
  });
});

/**
 * Records pages are read from the papers first and filled from the authors without a paper
 * (submitted and score sorts), or interleaved (name sort); each page must match one sorted table.
 *   Bea Writer: newest paper, marks 70      Ann, Cal, Eve, Gus Reader: no paper
 *   Dan Writer: older paper, no marks       Hal Admin: an admin with a paper, never listed
 *   Fay Writer: oldest paper, marks 90      Test admin: the admin looking, no paper
 * Admins are accounts like any other, and their papers papers like any other: both are listed.
 */
describe('records pages across papers and authors without one', () => {
  let t: TestApp;
  let admin: TestUser;
  const userIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    // A fixed id that no search below can match by chance.
    await t.app.ctx.db.execute(`update users set custom_user_id = 'ICTACEMP2025ADMN1' where id = '${admin.user._id}'`);
    userIds['Test admin'] = admin.user._id;
    const author = async (name: string) => {
      const user = await createTestUser(t.app);
      await t.app.ctx.db.execute(`update users set username = '${name}' where id = '${user.user._id}'`);
      userIds[name] = user.user._id;
      return user;
    };
    const withPaper = async (name: string, daysAgo: number, marks: number | null) => {
      const paper = await createTestPaper(t.app, await author(name));
      await t.app.ctx.db
        .update(papers)
        .set({ submittedAt: new Date(Date.now() - daysAgo * 86_400_000), evaluationMarks: marks })
        .where(eq(papers.id, paper._id));
    };
    await withPaper('Bea Writer', 1, 70);
    await withPaper('Dan Writer', 2, null);
    await withPaper('Fay Writer', 3, 90);
    for (const name of ['Gus Reader', 'Eve Reader', 'Cal Reader', 'Ann Reader']) await author(name);
    await withPaper('Hal Admin', 0, 100);
    await t.app.ctx.db.execute(`update users set role = 'admin' where id = '${userIds['Hal Admin']}'`);
  });
  afterAll(() => t.close());

  const names = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/records?view=evaluation&${query}`,
      headers: { cookie: admin.cookie },
    });
    const body = res.json();
    return {
      names: body.rows.map((r: { user: { username: string } }) => r.user.username),
      total: body.pagination.total,
    };
  };
  const readersById = () =>
    ['Ann Reader', 'Cal Reader', 'Eve Reader', 'Gus Reader', 'Test admin'].sort((a, b) =>
      userIds[a]! < userIds[b]! ? -1 : 1,
    );

  it('pages each sort through one order, straddling the last paper and starting past it', async () => {
    const orders = {
      submitted: [
        'Hal Admin',
        'Bea Writer',
        'Dan Writer',
        'Fay Writer',
        'Ann Reader',
        'Cal Reader',
        'Eve Reader',
        'Gus Reader',
        'Test admin',
      ],
      // Unscored papers after scored ones, accounts without a paper last (by id: their keys are all null).
      score: ['Hal Admin', 'Fay Writer', 'Bea Writer', 'Dan Writer', ...readersById()],
      name: [
        'Ann Reader',
        'Bea Writer',
        'Cal Reader',
        'Dan Writer',
        'Eve Reader',
        'Fay Writer',
        'Gus Reader',
        'Hal Admin',
        'Test admin',
      ],
    };
    for (const [sort, order] of Object.entries(orders)) {
      expect(await names(`sort=${sort}&limit=5&page=1`), sort).toEqual({ names: order.slice(0, 5), total: 9 });
      expect(await names(`sort=${sort}&limit=5&page=2`), sort).toEqual({ names: order.slice(5), total: 9 });
      expect(await names(`sort=${sort}&limit=5&page=3`), sort).toEqual({ names: [], total: 9 });
      expect((await names(`sort=${sort}&limit=50`)).names, sort).toEqual(order);
      const csv = await t.app.inject({
        method: 'GET',
        url: `${API}/admin/records/export?view=evaluation&sort=${sort}`,
        headers: { cookie: admin.cookie },
      });
      expect(
        csv.body
          .slice(1)
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => JSON.parse(`[${line}]`)[0]),
        sort,
      ).toEqual(order);
    }
  });

  it('lists accounts without a paper only under "all" and when the search finds them', async () => {
    const withPapers = ['Hal Admin', 'Bea Writer', 'Dan Writer', 'Fay Writer'];
    for (const filter of ['paid', 'unpaid', 'evaluated', 'pending']) {
      expect(
        (await names(`filter=${filter}&limit=50`)).names.every((n: string) => withPapers.includes(n)),
        filter,
      ).toBe(true);
    }
    expect(await names('filter=unpaid&limit=5&page=1')).toEqual({ names: withPapers, total: 4 });
    expect(await names('search=reader&sort=submitted&limit=5')).toEqual({
      names: ['Ann Reader', 'Cal Reader', 'Eve Reader', 'Gus Reader'],
      total: 4,
    });
    expect(await names('search=reader&sort=score&limit=5&page=2')).toEqual({ names: [], total: 4 });
    expect(await names('search=vortex&sort=score&limit=5')).toEqual({
      names: ['Hal Admin', 'Fay Writer', 'Bea Writer', 'Dan Writer'],
      total: 4,
    });
    // "er" is in every name but the admins', and in every paper's title ("cylinder").
    expect(await names('search=er&sort=submitted&limit=5&page=2')).toEqual({
      names: ['Cal Reader', 'Eve Reader', 'Gus Reader'],
      total: 8,
    });
  });
});
