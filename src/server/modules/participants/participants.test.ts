import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { decodeQr, renderedPage } from '@server/test/badge-image.ts';
import { pdfFonts, pdfText } from '@server/test/poppler.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { signedBadgeCode, verifiedBadgeToken } from './badge-code.ts';
import { badgeSecret } from './participants.service.ts';

/** Names and affiliations in the scripts a badge must print as typed. */
const PEOPLE = [
  { name: '王小明', affiliation: '清华大学', email: 'wang@example.org', role: 'Speaker' },
  { name: 'Анна Петрова', affiliation: 'Московский университет', email: 'anna@example.org', role: 'Committee' },
  { name: 'अनिल कुमार', affiliation: 'भारतीय प्रौद्योगिकी संस्थान', email: 'anil@example.org', role: 'Delegate' },
  { name: 'Zofia Wójcik', affiliation: 'Politechnika Łódzka', email: 'zofia@example.org', role: 'Volunteer' },
  { name: 'Nguyễn Thị Lan', affiliation: 'Đại học Bách khoa Hà Nội', email: 'lan@example.org', role: '' },
];

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8').toString('base64');

describe('participants, badges and check-in', () => {
  let t: TestApp;
  let admin: TestUser;
  let volunteer: TestUser;
  let secondVolunteer: TestUser;
  let author: TestUser;
  let paperId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin', username: 'Organiser' });
    author = await createTestUser(t.app, { username: 'Ada L.' });
    volunteer = await createTestUser(t.app, { username: 'Desk One' });
    secondVolunteer = await createTestUser(t.app, { username: 'Desk Two' });
    paperId = (await createTestPaper(t.app, author))._id;
  });
  afterAll(() => t.close());

  async function call(who: TestUser | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
    const res = await t.app.inject({
      method,
      url: `${API}${url}`,
      headers: who ? { cookie: who.cookie } : {},
      payload,
    });
    return {
      status: res.statusCode,
      json: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null,
      raw: res.rawPayload,
    };
  }

  const list = async (query = '') =>
    (await call(admin, 'GET', `/admin/participants${query}`)).json.participants as {
      _id: string;
      name: string;
      role: string;
      email: string;
      paymentState: string | null;
      paper: { presenterPosition: number } | null;
    }[];

  it("lists each accepted paper's presenting author, the submitting author unless another is named", async () => {
    expect((await list()).some((p) => p.paper)).toBe(false);
    expect(
      (await call(admin, 'PUT', `/admin/papers/${paperId}/status`, { status: 'abstract_accepted', review: '' })).status,
    ).toBe(200);
    const [row] = (await list()).filter((p) => p.paper);
    expect(row).toMatchObject({ name: 'Ada Lovelace', role: 'author', email: author.email, paymentState: 'unpaid' });
    const moved = await call(admin, 'PUT', `/admin/participants/${row!._id}/presenter`, {
      presenterPosition: 1,
      role: 'author',
    });
    expect(moved.json.participant).toMatchObject({ name: 'Sophie Germain', affiliation: 'Institut de France' });
    expect(
      (await call(admin, 'PUT', `/admin/participants/${row!._id}/presenter`, { presenterPosition: 5, role: 'author' }))
        .status,
    ).toBe(400);
    expect((await call(admin, 'DELETE', `/admin/participants/${row!._id}`)).status).toBe(409);
    expect(
      (await call(author, 'PATCH' as 'PUT', `/papers/${paperId}/payment`, { paymentId: 'CEP-2025-77' })).status,
    ).toBe(200);
    expect((await list('?payment=entered')).map((p) => p.name)).toEqual(['Sophie Germain']);
  });

  it('adds people by form, refusing a second one with the same e-mail and text the badges cannot print', async () => {
    const added = await call(admin, 'POST', '/admin/participants', {
      name: 'Invited Speaker',
      affiliation: 'MIT',
      email: 'Speaker@Example.org',
      role: 'speaker',
    });
    expect(added.status).toBe(200);
    expect(added.json.participant).toMatchObject({
      email: 'speaker@example.org',
      role: 'speaker',
      paymentState: null,
      paper: null,
    });
    expect(
      (
        await call(admin, 'POST', '/admin/participants', {
          name: 'Again',
          email: 'speaker@example.org',
          role: 'delegate',
        })
      ).status,
    ).toBe(409);
    expect((await call(admin, 'POST', '/admin/participants', { name: '   ', role: 'delegate' })).status).toBe(400);
    expect((await call(admin, 'POST', '/admin/participants', { name: 'Bell\u0007', role: 'delegate' })).status).toBe(
      400,
    );
    expect((await call(author, 'POST', '/admin/participants', { name: 'By an author', role: 'delegate' })).status).toBe(
      403,
    );
    expect((await list('?role=speaker')).map((p) => p.name)).toEqual(['Invited Speaker']);
  });

  it('previews a CSV line by line and imports nothing until confirmed, then only the sound lines', async () => {
    const file = csv([
      'Name,Affiliation,E-mail,Role',
      ...PEOPLE.map((p) => `${p.name},${p.affiliation},${p.email},${p.role}`),
      ',No name,none@example.org,Delegate',
      'Анна Петрова again,Elsewhere,anna@example.org,Delegate',
      '=HYPERLINK("http://evil"),X,evil@example.org,Delegate',
      'Someone,Somewhere,speaker@example.org,Delegate',
      'Odd Role,Somewhere,odd@example.org,Chair',
    ]);
    const preview = await call(admin, 'POST', '/admin/participants/import/preview', { file });
    expect(preview.status).toBe(200);
    expect(preview.json.importable).toBe(5);
    const problems = Object.fromEntries(
      preview.json.lines.map((l: { line: number; problems: string[] }) => [l.line, l.problems.join(' ')]),
    );
    expect(problems[7]).toContain('Name is required');
    expect(problems[8]).toContain('Duplicate of line 3');
    expect(problems[9]).toContain('formulas are not imported');
    expect(problems[10]).toContain('already on the list');
    expect(problems[11]).toContain('Role "Chair"');
    expect((await list()).some((p) => p.name === '王小明')).toBe(false);

    const latin1 = Buffer.from('Name,Affiliation\nJosé Müller,Zürich\n', 'latin1').toString('base64');
    const wrong = await call(admin, 'POST', '/admin/participants/import/preview', { file: latin1 });
    expect(wrong.json.fileProblem).toContain('not UTF-8');
    expect((await call(admin, 'POST', '/admin/participants/import', { file: latin1 })).status).toBe(400);

    const done = await call(admin, 'POST', '/admin/participants/import', { file });
    expect(done.json).toMatchObject({ imported: 5, skipped: 5 });
    const names = (await list()).map((p) => p.name);
    for (const person of PEOPLE) expect(names).toContain(person.name);
    expect((await list('?role=delegate')).map((p) => p.name).sort()).toEqual(['Nguyễn Thị Lan', 'अनिल कुमार'].sort());
  });

  it('prints badges four to a sheet and one alone, names in every script, fonts embedded, a signed QR', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/badges.pdf`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    const text = await pdfText(pdf);
    for (const person of PEOPLE) {
      expect(text).toContain(person.name);
      expect(text).toContain(person.affiliation);
    }
    expect(text).toContain('SPEAKER');
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded)).toBe(true);

    const everyone = await list();
    const secret = await badgeSecret(t.app.ctx);
    const image = await renderedPage(pdf, 1, 150);
    const half = { width: Math.floor(image.width / 2), height: Math.floor(image.height / 2) };
    const code = decodeQr(image, { x: 0, y: 0, ...half });
    expect(code).toMatch(/^ICTACEM1\./);
    const token = verifiedBadgeToken(secret, code!);
    expect(token).not.toBeNull();
    // The first badge on the sheet is the first of the list, whose code this is.
    const scanned = await call(admin, 'POST', '/check-in/scan', { code });
    expect(scanned.json.participant.name).toBe(everyone[0]!.name);
    expect(code).not.toContain(everyone[0]!.email || '@');
    expect(code).not.toContain(everyone[0]!._id);

    const wang = everyone.find((p) => p.name === '王小明')!;
    const one = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/participants/${wang._id}/badge.pdf`,
      headers: { cookie: admin.cookie },
    });
    expect(one.statusCode).toBe(200);
    const oneText = await pdfText(one.rawPayload);
    expect(oneText).toContain('王小明');
    expect(oneText).not.toContain('Анна Петрова');
    const oneImage = await renderedPage(one.rawPayload, 1, 150);
    const oneCode = decodeQr(oneImage);
    expect((await call(admin, 'POST', '/check-in/scan', { code: oneCode })).json.participant.name).toBe('王小明');
    const missing = await call(admin, 'GET', '/admin/participants/00000000-0000-4000-8000-000000000000/badge.pdf');
    expect(missing.status).toBe(404);
  });

  it('grants a volunteer the check-in and nothing else', async () => {
    expect((await call(admin, 'POST', '/admin/volunteers', { email: 'nobody@example.org' })).status).toBe(404);
    expect((await call(admin, 'POST', '/admin/volunteers', { email: author.email })).status).toBe(409);
    for (const who of [volunteer, secondVolunteer])
      expect((await call(admin, 'POST', '/admin/volunteers', { email: who.email })).status).toBe(200);
    expect((await call(admin, 'GET', '/admin/volunteers')).json.volunteers).toHaveLength(2);
    expect((await call(volunteer, 'GET', '/check-in/search?q=anna')).status).toBe(200);
    expect((await call(author, 'GET', '/check-in/search?q=anna')).status).toBe(403);
    expect((await call(null, 'GET', '/check-in/search?q=anna')).status).toBe(401);
    for (const url of ['/admin/participants', '/papers/my-papers', '/notifications', '/account/sessions'])
      expect((await call(volunteer, 'GET', url)).status, url).toBe(403);
    expect((await call(volunteer, 'GET', '/auth/profile')).status).toBe(200);
  });

  it('refuses a forged, altered or replaced badge code, recording nothing', async () => {
    const [anna] = await list('?q=Анна');
    const secret = await badgeSecret(t.app.ctx);
    const page = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/participants/${anna!._id}/badge.pdf`,
      headers: { cookie: admin.cookie },
    });
    const genuine = decodeQr(await renderedPage(page.rawPayload, 1, 150))!;
    const [, token, signature] = genuine.split('.');
    const altered = `ICTACEM1.${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}.${signature}`;
    const forged = signedBadgeCode('another conference secret', token!);
    for (const code of [altered, forged, 'anna@example.org', `${genuine}.x`]) {
      const res = await call(volunteer, 'POST', '/check-in/scan', { code });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('Not a badge of this conference.');
    }
    expect(verifiedBadgeToken(secret, genuine)).toBe(token);
    expect((await call(admin, 'POST', `/admin/participants/${anna!._id}/replace-badge`)).status).toBe(200);
    expect((await call(volunteer, 'POST', '/check-in/scan', { code: genuine })).json.message).toBe(
      'Not a badge of this conference.',
    );
    expect((await call(admin, 'GET', '/admin/check-ins/counts')).json.checkedIn).toBe(0);
  });

  it('checks in once: a retried key answers the same, two volunteers at once make one check-in', async () => {
    const [wang] = await list('?q=王小明');
    const key = 'key-0000000000000001';
    const first = await call(volunteer, 'POST', '/check-in', { participantId: wang!._id, key });
    expect(first.json).toMatchObject({ outcome: 'checked_in', participant: { checkIn: { byName: 'Desk One' } } });
    const retried = await call(volunteer, 'POST', '/check-in', { participantId: wang!._id, key });
    expect(retried.json.outcome).toBe('checked_in');
    const second = await call(secondVolunteer, 'POST', '/check-in', {
      participantId: wang!._id,
      key: 'key-0000000000000002',
    });
    expect(second.json).toMatchObject({ outcome: 'already_checked_in', message: 'Already checked in by Desk One.' });

    const [anil] = await list('?q=अनिल');
    const both = await Promise.all(
      [volunteer, secondVolunteer].map((who, index) =>
        call(who, 'POST', '/check-in', { participantId: anil!._id, key: `key-race-000000000${index}` }),
      ),
    );
    expect(both.map((r) => r.json.outcome).sort()).toEqual(['already_checked_in', 'checked_in']);
    const scanned = await call(secondVolunteer, 'GET', `/check-in/search?q=${encodeURIComponent('अनिल')}`);
    expect(scanned.json.participants[0].checkIn).not.toBeNull();

    const counts = (await call(admin, 'GET', '/admin/check-ins/counts')).json;
    expect(counts.checkedIn).toBe(2);
    expect(counts.byDayAndRole.map((r: { role: string; count: number }) => [r.role, r.count]).sort()).toEqual([
      ['delegate', 1],
      ['speaker', 1],
    ]);
    expect((await call(volunteer, 'GET', '/admin/check-ins/counts')).status).toBe(403);
    expect((await list('?checkedIn=yes')).map((p) => p.name).sort()).toEqual(['王小明', 'अनिल कुमार'].sort());
  });

  it('closes the desk to a volunteer whose access is removed, from their next request', async () => {
    expect((await call(secondVolunteer, 'GET', '/check-in/search?q=anna')).status).toBe(200);
    const removed = await call(admin, 'DELETE', `/admin/volunteers/${secondVolunteer.user._id}`);
    expect(removed.status).toBe(200);
    expect((await call(secondVolunteer, 'GET', '/check-in/search?q=anna')).status).toBe(403);
    expect((await call(admin, 'DELETE', `/admin/volunteers/${secondVolunteer.user._id}`)).status).toBe(404);
    // Given again, the access works at once too.
    expect((await call(admin, 'POST', '/admin/volunteers', { email: secondVolunteer.email })).status).toBe(200);
    expect((await call(secondVolunteer, 'GET', '/check-in/search?q=anna')).status).toBe(200);
  });
});
