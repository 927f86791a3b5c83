import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paperAuthors, papers, storedFiles, users } from '../db/schema/index.ts';
import { createSession } from '../modules/sessions/sessions.service.ts';
import { createUser } from '../modules/users/users.service.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { API, createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';

/** Authors whose names and titles hold the characters an injection relies on. */
const SEEDED: { username: string; title?: string; coAuthor?: string }[] = [
  { username: "Siobhan O'Brien", title: "Wakes behind a cylinder: it's 'quoted'", coAuthor: "Ann O'Neil" },
  { username: 'Drop";-- Table', title: 'Stress "analysis";-- DROP TABLE papers;' },
  { username: 'Percent 100% Sure', title: 'Efficiency at 50% load', coAuthor: 'C%D Author' },
  { username: 'Under_score Name', title: 'snake_case meshing' },
  { username: 'Back\\slash Person', title: 'Paths like C:\\temp\\mesh' },
  { username: 'Zoë Ünicode 流体', title: 'Écoulement 流体力学 ∑' },
  { username: "Literal ' OR 1=1 --", title: "Why ' OR 1=1 -- finds one row" },
  { username: 'Plain Person', title: 'Plain plates' },
  { username: 'Quiet Reader' },
];

/** Search text an attacker (or a curious organiser) types; the trimmed text is matched literally. */
const SEARCHES = [
  "'",
  '";--',
  '%',
  '_',
  '\\',
  "' OR 1=1 --",
  "' OR '1'='1",
  "%' OR 1=1 --",
  "'; DROP TABLE users; --",
  '\\%',
  '%_%',
  ')) OR ((1=1',
  '$1',
  '流体',
  'Zoë',
  '∑',
  'plain',
];

/**
 * As the searches compare (search_fold: case and accents aside), so that "Zoë" also finds an
 * e-mail whose generated part happens to spell "zoe".
 */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const containsFolded = (fields: (string | null | undefined)[], search: string) =>
  fields.some((field) => field != null && fold(field).includes(fold(search)));

interface UserRow {
  _id: string;
  username: string;
  email: string;
  customUserId: string;
}
interface PaperRow {
  _id: string;
  title: string;
  ictacemId: string;
  authors: { name: string }[];
}
interface RecordRow {
  user: UserRow;
  paper: { _id: string; title: string } | null;
}

describe('SQL metacharacters in the admin lists change nothing', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const seed of SEEDED) {
      const row = await createUser(t.app.ctx, {
        username: seed.username,
        email: uniqueEmail('seed'),
        password: 'correct horse battery',
      });
      const { token } = await createSession(t.app.ctx, row.id);
      if (!seed.title) continue;
      const authors = [{ name: seed.username, affiliation: 'Institute', address: 'Street 1' }];
      if (seed.coAuthor) authors.push({ name: seed.coAuthor, affiliation: 'Institute', address: 'Street 2' });
      await createTestPaper(t.app, { cookie: `ictacem_session=${token}` } as TestUser, {
        title: seed.title,
        authors: JSON.stringify(authors),
      });
    }
  });
  afterAll(() => t.close());

  const get = (pathAndQuery: string) =>
    t.app.inject({ method: 'GET', url: `${API}/admin${pathAndQuery}`, headers: { cookie: admin.cookie } });
  const q = (search: string) => encodeURIComponent(search);

  /** Everything the tables hold that an injected statement could change. */
  async function databaseFingerprint(): Promise<string> {
    const db = t.app.ctx.db;
    const tables = await Promise.all([
      db.select().from(users),
      db.select().from(papers),
      db.select().from(paperAuthors),
      db.select().from(storedFiles),
      db.select().from(auditLog),
    ]);
    const stable = tables.map((rows) => rows.map((row) => JSON.stringify(row)).sort());
    return createHash('sha256').update(JSON.stringify(stable)).digest('hex');
  }

  it('finds, in every searched list and the export, exactly the rows that contain the text literally', async () => {
    const before = await databaseFingerprint();
    const allUsers = (await get('/users?limit=100')).json().users as UserRow[];
    const allPapers = (await get('/papers?limit=100')).json().papers as PaperRow[];
    const allRecords = (await get('/records?view=financial&limit=50')).json().rows as RecordRow[];
    // The seeded accounts and the admin: every account is listed, whatever its role.
    expect(allUsers).toHaveLength(SEEDED.length + 1);
    expect(allPapers).toHaveLength(SEEDED.filter((s) => s.title).length);
    const recordKey = (r: RecordRow) => `${r.user._id}/${r.paper?._id ?? '-'}`;

    for (const search of SEARCHES) {
      const expectedUsers = allUsers
        .filter((u) => containsFolded([u.username, u.email, u.customUserId], search))
        .map((u) => u._id)
        .sort();
      const foundUsers = await get(`/users?limit=100&search=${q(search)}`);
      expect(foundUsers.statusCode, search).toBe(200);
      expect((foundUsers.json().users as UserRow[]).map((u) => u._id).sort(), `users: ${search}`).toEqual(
        expectedUsers,
      );

      const expectedPapers = allPapers
        .filter((p) => containsFolded([p.title, p.ictacemId, ...p.authors.map((a) => a.name)], search))
        .map((p) => p._id)
        .sort();
      const foundPapers = await get(`/papers?limit=100&search=${q(search)}`);
      expect(foundPapers.statusCode, search).toBe(200);
      expect((foundPapers.json().papers as PaperRow[]).map((p) => p._id).sort(), `papers: ${search}`).toEqual(
        expectedPapers,
      );

      const expectedRecords = allRecords
        .filter((r) => containsFolded([r.user.username, r.user.email, r.user.customUserId, r.paper?.title], search))
        .map(recordKey)
        .sort();
      for (const view of ['financial', 'evaluation']) {
        const found = await get(`/records?view=${view}&limit=50&search=${q(search)}`);
        expect(found.statusCode, search).toBe(200);
        expect((found.json().rows as RecordRow[]).map(recordKey).sort(), `records ${view}: ${search}`).toEqual(
          expectedRecords,
        );
        const csv = await get(`/records/export?view=${view}&search=${q(search)}`);
        expect(csv.statusCode, search).toBe(200);
        // One line per found row after the header.
        expect(csv.body.trim().split('\r\n').length - 1, `export ${view}: ${search}`).toBe(expectedRecords.length);
      }
    }
    // The searches above must not all have been empty: the metacharacters matched their own rows.
    expect(allUsers.filter((u) => containsFolded([u.username], '%'))).toHaveLength(1);
    expect(await databaseFingerprint()).toBe(before);
  });

  it('answers sort, filter, view, status, theme, mode, page and limit values outside their lists with 400', async () => {
    const before = await databaseFingerprint();
    const refused = [
      '/users?page=1;DROP TABLE users',
      '/users?limit=10 OR 1=1',
      "/users?page='",
      '/users?search=a&search=b',
      `/users?search=${'x'.repeat(201)}`,
      "/papers?status=review_awaited' OR '1'='1",
      '/papers?status=%25',
      "/papers?theme=Aerodynamics and Fluid Mechanics'--",
      "/papers?mode=Oral';--",
      '/papers?status=declined&status=abstract_accepted',
      '/papers?limit=-1',
      "/records?view=financial'--",
      "/records?view=financial&filter=paid' OR 1=1--",
      '/records?view=financial&sort=name; DROP TABLE users',
      '/records?view=financial&sort=password_hash',
      '/records?view=financial&sort=score desc, (select 1)',
      '/records?view=financial&sort=1',
      '/records?view=financial&limit=7',
      '/records?view=financial&page=0',
      '/records?view[]=financial',
      '/records/export?view=evaluation&sort=(SELECT pg_sleep(5))',
      '/records/export?view=evaluation&filter=evaluated;--',
      '/records/export?view=users',
    ];
    for (const pathAndQuery of refused) {
      const res = await get(pathAndQuery.replace(/ /g, '%20'));
      expect(res.statusCode, pathAndQuery).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(await databaseFingerprint()).toBe(before);
  });

  it('answers a NUL byte (which PostgreSQL cannot store) with 400 in searches and in written text, storing nothing', async () => {
    const before = await databaseFingerprint();
    for (const list of ['/users?', '/papers?', '/records?view=financial&', '/records/export?view=financial&']) {
      for (const search of ['%00', 'a%00b']) {
        const res = await get(`${list}search=${search}`);
        expect(res.statusCode, `${list} ${search}`).toBe(400);
        expect(res.json().message).toBe('The request contains a character that cannot be saved.');
      }
    }
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const afterSeed = await databaseFingerprint();
    expect(afterSeed).not.toBe(before);
    const register = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { username: 'Nul\u0000Name', email: uniqueEmail('nul'), password: 'correct horse battery' },
    });
    const review = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'declined', review: 'a\u0000b' },
    });
    const chat = multipart({ message: 'a\u0000b' });
    const message = await t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paper._id}/messages`,
      headers: { ...chat.headers, cookie: author.cookie },
      payload: chat.payload,
    });
    for (const res of [review, message]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('The request contains a character that cannot be saved.');
    }
    // A name reaches the letters: the rule for their text refuses it first, naming the field.
    expect(register.statusCode, register.body).toBe(400);
    expect(register.json().message).toBe('Name contains a character that cannot be printed or published: U+0000');
    expect(await databaseFingerprint()).toBe(afterSeed);
  });
});
