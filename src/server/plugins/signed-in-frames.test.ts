import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_QUERIES_ID } from '@shared/page-rendering.ts';
import { PROJECT_ROOT } from '../project-paths.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { OPEN_DEADLINES } from '../test/open-deadlines.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const SHELL =
  '<!doctype html><html lang="en"><head><title>ICTACEM 2025</title></head><body><div id="root"></div><script type="module" src="/ictacem2025/assets/index.js"></script></body></html>';
/** The renderer from source, as the built server bundle (dist/ssr/entry-server.js) runs it. */
const RENDERER = path.join(PROJECT_ROOT, 'src', 'client', 'entry-server.tsx');

/** What a browser shows before the client's code has run: the root element's markup. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${PAGE_QUERIES_ID}">`);
  expect(start, 'root element').toBeGreaterThanOrEqual(0);
  return html.slice(start, end < 0 ? undefined : end);
}

const EMPTY_ROOT = '<div id="root"></div>';

describe('signed-in pages: the frame drawn on the server', () => {
  let root: string;
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  let otherAuthor: TestUser;
  let paperId: string;
  /** What the server logged at error level: a page whose rendering fails logs it and sends the shell. */
  const errorsLogged: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-frames-'));
    await writeFile(path.join(root, 'index.html'), SHELL);
    t = await createTestApp({
      clientDir: root,
      pageRendererModule: RENDERER,
      conferenceDates: OPEN_DEADLINES,
      logLevel: 'error',
      logStream: { write: (line: string) => void errorsLogged.push(line) },
    });
    admin = await createTestUser(t.app, { role: 'admin', username: 'Ирина Организатор' });
    author = await createTestUser(t.app, { username: 'Nguyễn Thị Hương' });
    otherAuthor = await createTestUser(t.app, { username: '王小明' });
    paperId = (await createTestPaper(t.app, author))._id;
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it("draws the author's profile: header, name, e-mail and ID, the papers still loading; stored nowhere", async () => {
    const res = await get('/ictacem2025/profile', author.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Cookie/i);
    const html = rootOf(res.body);
    expect(html).toContain('aria-label="Notifications"');
    expect(html).toContain('Nguyễn Thị Hương');
    expect(html).toContain(author.user.customUserId);
    expect(html).toContain('Loading');
  });

  it("never draws one user's frame for another, nor keeps it for the next request", async () => {
    const first = rootOf((await get('/ictacem2025/profile', author.cookie)).body);
    const other = rootOf((await get('/ictacem2025/profile', otherAuthor.cookie)).body);
    expect(first).toContain('Nguyễn Thị Hương');
    expect(other).toContain('王小明');
    expect(other).not.toContain('Nguyễn Thị Hương');
    expect(other).not.toContain(author.user.email);
  });

  it("draws the paper's upload page and the admin's dashboard and paper page with their frames", async () => {
    const upload = await get(`/ictacem2025/submit-full-paper/${paperId}`, author.cookie);
    expect(upload.headers['cache-control']).toBe('private, no-store');
    expect(rootOf(upload.body)).toContain('Loading paper details');
    const dashboard = await get('/ictacem2025/admin', admin.cookie);
    expect(dashboard.headers['cache-control']).toBe('private, no-store');
    expect(rootOf(dashboard.body)).toContain('<h1');
    const paper = await get(`/ictacem2025/admin/paper/${paperId}`, admin.cookie);
    expect(paper.headers['cache-control']).toBe('private, no-store');
    expect(rootOf(paper.body)).toContain('aria-label="Notifications"');
  });

  it("draws every section of the admin's dashboard, the papers' filters folded by CSS alone on a phone", async () => {
    for (const section of ['dashboard', 'users', 'papers', 'committee', 'programme', 'outbox']) {
      const before = errorsLogged.length;
      const res = await get(`/ictacem2025/admin?section=${section}`, admin.cookie);
      expect(errorsLogged.slice(before), section).toEqual([]);
      expect(res.body, section).not.toContain(EMPTY_ROOT);
      expect(rootOf(res.body), section).toContain('<h1');
    }
    const papers = rootOf((await get('/ictacem2025/admin?section=papers', admin.cookie)).body);
    expect(papers).toContain('Search papers');
    // The server cannot know the screen: the filters' panel is hidden below the breakpoint by its
    // class, not by a `hidden` attribute the client's first render would have to agree with.
    const panel = /<div id="[^"]+" class="([^"]*)"[^>]*>\s*<div[^>]*>\s*<label[^>]*>Status/.exec(papers);
    expect(panel?.[1]).toContain('max-md:hidden');
  });

  it('sends the shell to a visitor, and to a user the page would send elsewhere', async () => {
    for (const [url, cookie] of [
      ['/ictacem2025/profile', undefined],
      ['/ictacem2025/admin', author.cookie],
      [`/ictacem2025/admin/paper/${paperId}`, author.cookie],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.body, url).toContain(EMPTY_ROOT);
      expect(res.body, url).not.toContain(PAGE_QUERIES_ID);
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
  });
});
