import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

const SHELL = '<!doctype html><html><head><title>ICTACEM 2025</title></head><body><div id="root"></div></body></html>';

/** A <meta> the page carries for its first paint (dates, session), read back as the client reads it. */
function metaInPage(html: string, name: string): unknown {
  const content = new RegExp(`<meta name="${name}" content="([^"]*)" />`).exec(html)?.[1];
  if (content === undefined) return undefined;
  return JSON.parse(
    content
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}
const datesInPage = (html: string) => metaInPage(html, 'conference-dates');
const sessionInPage = (html: string) => metaInPage(html, 'site-session');

describe('the served page carries the dates in force', () => {
  let root: string;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-shell-'));
    await mkdir(path.join(root, 'client'), { recursive: true });
    await writeFile(path.join(root, 'client', 'index.html'), SHELL);
    t = await createTestApp({ clientDir: path.join(root, 'client') });
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('in a <meta> in its head, the same as the API serves, and an admin change at once', async () => {
    const served = await t.app.inject({ method: 'GET', url: `${API}/settings/deadlines` });
    const page = await t.app.inject({ method: 'GET', url: '/ictacem2025/important-dates' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<meta name="conference-dates" content="[^"]*" \/>\n(<meta [^>]*>\n)*<\/head>/);
    expect(datesInPage(page.body)).toEqual(served.json().dates);

    const moved = { conferenceStarts: '2100-01-05T09:00:00+05:30', conferenceEnds: '2100-01-07T18:00:00+05:30' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/deadlines`,
      headers: { cookie: admin.cookie },
      payload: moved,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/ictacem2025/' });
    expect(datesInPage(after.body)).toMatchObject(moved);
  });
});

describe('the served page carries who is signed in', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-shell-session-'));
    await writeFile(path.join(root, 'index.html'), SHELL);
    t = await createTestApp({ clientDir: root });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const sessionOf = async (cookie?: string) =>
    (await t.app.inject({ method: 'GET', url: `${API}/auth/session`, headers: cookie ? { cookie } : {} })).json();

  it('for a visitor: no user, and whether sign-up is open, as the API answers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/ictacem2025/' });
    expect(page.statusCode).toBe(200);
    const session = sessionInPage(page.body);
    expect(session).toEqual(await sessionOf());
    expect(session).toMatchObject({ user: null, mustEnrolTwoFactor: false });
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toMatch(/Cookie/i);
  });

  it('for an author: their account as the API answers, a name in any script and quotes intact', async () => {
    const author = await createTestUser(t.app, { username: 'Łukasz "Ł" <Nguyễn> & हिंदी 王' });
    const page = await t.app.inject({ method: 'GET', url: '/ictacem2025/profile', headers: { cookie: author.cookie } });
    expect(page.body).not.toContain('<Nguyễn>');
    const session = sessionInPage(page.body);
    expect(session).toEqual(await sessionOf(author.cookie));
    expect(session).toMatchObject({ user: { _id: author.user._id, username: 'Łukasz "Ł" <Nguyễn> & हिंदी 王' } });
  });

  it('for an admin still to set up two-factor sign-in: says so, as the API does', async () => {
    const admin = await createTestUser(t.app, { role: 'admin', twoFactor: false });
    const page = await t.app.inject({ method: 'GET', url: '/ictacem2025/admin', headers: { cookie: admin.cookie } });
    expect(sessionInPage(page.body)).toMatchObject({ user: { role: 'admin' }, mustEnrolTwoFactor: true });
    expect(sessionInPage(page.body)).toEqual(await sessionOf(admin.cookie));
  });

  it('for a signed-out or unknown session token: a visitor', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/ictacem2025/profile',
      headers: { cookie: 'ictacem_session=not-a-session' },
    });
    expect(sessionInPage(page.body)).toMatchObject({ user: null });
  });

  it('not on a page that does not exist', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/ictacem2025/no-such-page' });
    expect(page.statusCode).toBe(404);
    expect(sessionInPage(page.body)).toBeUndefined();
  });
});

/** A shell without a <head> to carry the dates: the answer is the shell as built. */
const SHELL_WITHOUT_HEAD = '<!doctype html><title>ICTACEM 2025</title><div id="root"></div>';

describe('page paths', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-client-'));
    await writeFile(path.join(clientDir, 'index.html'), SHELL_WITHOUT_HEAD);
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("answers the client's pages with the shell and 200, parameterised ones too", async () => {
    for (const url of [
      '/ictacem2025/',
      '/ictacem2025',
      '/ictacem2025/important-dates',
      '/ictacem2025/Important-Dates/',
      '/ictacem2025/admin/paper/0b5c8f5e-6d1a-4c1e-9a51-2f0f3c7d9e11',
      '/ictacem2025/reset-password/abc123',
      '/ictacem2025/verify-letter/ICT-2025-%D0%90%D0%91',
      '/ictacem2025/account/two-factor?from=login',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe(SHELL_WITHOUT_HEAD);
    }
  });

  it('answers any other page path with 404 and the same shell, which shows Not Found', async () => {
    for (const url of [
      '/ictacem2025/no-such-page',
      '/ictacem2025/admin/paper',
      '/ictacem2025/admin/paper/1/extra',
      '/ictacem2025/%E0%A4%B8%E0%A4%AE%E0%A5%8D%E0%A4%AE%E0%A5%87%E0%A4%B2%E0%A4%A8',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe(SHELL_WITHOUT_HEAD);
    }
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const res = await get('/ictacem2025/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found.' });
  });
});

describe("each page's code preloaded with the page", () => {
  let t: TestApp;
  let clientDir: string;
  // As Vite writes it: the entry and its imports are in the shell already.
  const manifest = {
    'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_jsx-runtime-J1.js'] },
    '_jsx-runtime-J1.js': { file: 'assets/jsx-runtime-J1.js' },
    '_card-C1.js': { file: 'assets/card-C1.js', imports: ['_jsx-runtime-J1.js'] },
    'src/client/app/pages/public/about-page.tsx': {
      file: 'assets/about-page-A1.js',
      isDynamicEntry: true,
      imports: ['index.html', '_card-C1.js'],
      css: ['assets/about-page-A1.css'],
    },
    'src/client/app/pages/admin/admin-paper-page.tsx': {
      file: 'assets/admin-paper-page-P1.js',
      imports: ['index.html'],
    },
    'src/client/app/pages/not-found-page.tsx': { file: 'assets/not-found-page-N1.js', imports: ['index.html'] },
  };
  // Long enough to be worth compressing.
  const shell = `<!doctype html><html><head><title>ICTACEM 2025</title><!-- ${'x'.repeat(2000)} --></head><body></body></html>`;
  const preloadsIn = (html: string) =>
    [...html.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-client-'));
    await mkdir(path.join(clientDir, '.vite'));
    await writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    await writeFile(path.join(clientDir, 'index.html'), shell);
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it("the route's chunk, its imports and styles, not the entry's", async () => {
    const about = await t.app.inject({ method: 'GET', url: '/ictacem2025/about' });
    expect(preloadsIn(about.body)).toEqual([
      'stylesheet /ictacem2025/assets/about-page-A1.css',
      'modulepreload /ictacem2025/assets/about-page-A1.js',
      'modulepreload /ictacem2025/assets/card-C1.js',
    ]);
    const paper = await t.app.inject({
      method: 'GET',
      url: '/ictacem2025/admin/paper/0b5c8f5e-6d1a-4c1e-9a51-2f0f3c7d9e11',
    });
    expect(preloadsIn(paper.body)).toEqual(['modulepreload /ictacem2025/assets/admin-paper-page-P1.js']);
    const unknown = await t.app.inject({ method: 'GET', url: '/ictacem2025/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(preloadsIn(unknown.body)).toEqual(['modulepreload /ictacem2025/assets/not-found-page-N1.js']);
    // A page whose module the build does not have gets none.
    const home = await t.app.inject({ method: 'GET', url: '/ictacem2025/' });
    expect(preloadsIn(home.body)).toEqual([]);
  });

  it('compressed for a browser that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ictacem2025/about',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('about-page-A1.js');
  });
});

describe('the scripts and styles, compressed by the build', () => {
  let t: TestApp;
  let clientDir: string;
  // Told apart from whatever the server could compress itself: each copy says which it is.
  const script = `export const page = 'about'; // ${'x'.repeat(2000)}`;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), SHELL);
    await writeFile(path.join(clientDir, 'assets', 'about-A1.js'), script);
    await writeFile(path.join(clientDir, 'assets', 'about-A1.js.br'), brotliCompressSync(`${script} // br`));
    await writeFile(path.join(clientDir, 'assets', 'about-A1.js.gz'), gzipSync(`${script} // gz`));
    await mkdir(path.join(clientDir, 'documents'));
    await writeFile(path.join(clientDir, 'documents', 'ICTACEM 2025 Brochure.pdf'), '%PDF-1.7 brochure');
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const fetchScript = (acceptEncoding: string) =>
    t.app.inject({
      method: 'GET',
      url: '/ictacem2025/assets/about-A1.js',
      headers: { 'accept-encoding': acceptEncoding },
    });

  it("are sent as the build's brotli copy, else its gzip copy, once compressed and cached for good", async () => {
    const brotli = await fetchScript('gzip, deflate, br, zstd');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(`${script} // br`);

    const gzipped = await fetchScript('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(`${script} // gz`);
  });

  it('are sent as they are to a client that accepts no compression', async () => {
    const plain = await fetchScript('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('are no routes of their own: the start builds no route per file', () => {
    for (const file of ['about-A1.js', 'about-A1.js.br', 'about-A1.js.gz'])
      expect(t.app.hasRoute({ method: 'GET', url: `/ictacem2025/assets/${file}` })).toBe(false);
  });

  it('are answered to HEAD as to GET, without the body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/ictacem2025/assets/about-A1.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(head.body).toBe('');
  });

  it("sends only the build's own files: a copy by its own name, a missing file or a path outside is 404", async () => {
    for (const url of [
      '/ictacem2025/assets/about-A1.js.br',
      '/ictacem2025/assets/missing-B2.js',
      '/ictacem2025/assets/../index.html.js',
      '/ictacem2025/%2e%2e/package.json',
      '/ictacem2025/documents%2F..%2Findex.html',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
    }
    const shell = await t.app.inject({ method: 'GET', url: '/ictacem2025/index.html' });
    expect(shell.statusCode).toBe(200);
  });

  it('finds a file whose name has spaces by its escaped address, as a link writes it', async () => {
    const brochure = await t.app.inject({ method: 'GET', url: '/ictacem2025/documents/ICTACEM%202025%20Brochure.pdf' });
    expect(brochure.statusCode).toBe(200);
    expect(brochure.headers['content-type']).toBe('application/pdf');
    expect(brochure.body).toBe('%PDF-1.7 brochure');
  });
});
