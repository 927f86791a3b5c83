import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConferenceFile } from '../conference-file.ts';
import { PROJECT_ROOT } from '../project-paths.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { CONFERENCE_SCRIPT_ID } from '@shared/conference.ts';

/** The renderer from source, as the built server bundle (dist/ssr/entry-server.js) runs it. */
const RENDERER = path.join(PROJECT_ROOT, 'src', 'client', 'entry-server.tsx');
/** The second conference's base path, as its file configures it. */
const OTHER_BASE_PATH = readConferenceFile(
  path.join(PROJECT_ROOT, 'examples', 'demo-conference', 'conference.yaml'),
).basePath;

/** Public pages drawn on the server, and pages sent as the shell, deep paths among them. */
const PAGES = ['', 'about', 'schedule', 'registration', 'login', 'admin', 'admin/paper/some-paper'];

/** Every address the page's head and body load on their own: scripts, styles, preloads, icons. */
function loadedAddresses(html: string): string[] {
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((match) => match[0]);
  return tags.flatMap((tag) => {
    const address = /\s(?:src|href)="([^"]*)"/.exec(tag)?.[1];
    return address === undefined ? [] : [address];
  });
}

// One build of the client (its addresses relative, vite.config.ts) served under two base paths:
// a second edition, or a site moved with BASE_PATH, starts without building again.
describe('one built client served under any base path', () => {
  let work: string;
  let clientDir: string;
  const apps: Record<string, TestApp> = {};

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'ictacem-built-client-'));
    clientDir = path.join(work, 'client');
    // The build as `npm run build` makes it (production React), into a folder of the test's own.
    await promisify(execFile)(
      process.execPath,
      [
        path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--logLevel',
        'warn',
        '--outDir',
        clientDir,
      ],
      { cwd: PROJECT_ROOT, env: { ...process.env, NODE_ENV: 'production' } },
    );
    for (const basePath of [DEFAULT_CONFERENCE.basePath, OTHER_BASE_PATH])
      apps[basePath] = await createTestApp({ clientDir, basePath, pageRendererModule: RENDERER });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(Object.values(apps).map((t) => t.close()));
    await rm(work, { recursive: true, force: true });
  });

  it('is built without any base path in its scripts and styles', async () => {
    const assets = path.join(clientDir, 'assets');
    const files = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name));
    expect(files.length).toBeGreaterThan(3);
    for (const name of files) {
      const text = await readFile(path.join(assets, name), 'utf8');
      expect(text, name).not.toContain(`${DEFAULT_CONFERENCE.basePath}/`);
    }
  });

  for (const basePath of [DEFAULT_CONFERENCE.basePath, OTHER_BASE_PATH]) {
    it(`serves every page's scripts, styles, preloads and icon under ${basePath}`, async () => {
      const t = apps[basePath]!;
      const checked = new Set<string>();
      for (const page of PAGES) {
        const res = await t.app.inject({ method: 'GET', url: `${basePath}/${page}` });
        expect(res.statusCode, page).toBe(200);
        const addresses = loadedAddresses(res.body);
        // The entry script, its style sheet, its preloads and the icon at least.
        expect(addresses.length, page).toBeGreaterThanOrEqual(4);
        expect(res.body).toMatch(/<link rel="icon"[^>]*href="[^"]+"/);
        for (const address of addresses) {
          expect(address, `${page}: ${address}`).toMatch(new RegExp(`^${basePath}/[^/.]`));
          checked.add(address);
        }
        // The client's router and API calls follow the base path the page carries.
        const configuration = new RegExp(`<script type="application/json" id="${CONFERENCE_SCRIPT_ID}">(.*?)</script>`);
        expect(JSON.parse(configuration.exec(res.body)![1]!).basePath).toBe(basePath);
      }
      for (const address of checked) {
        const res = await t.app.inject({ method: 'GET', url: address });
        expect(res.statusCode, address).toBe(200);
      }
      // The page-specific preloads of the server-drawn pages, not only the shell's own.
      expect([...checked].some((address) => address.includes('schedule-page'))).toBe(true);
    });
  }
});
