import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

const SHELL = '<!doctype html><html><head><title>ICTACEM 2025</title></head><body><div id="root"></div></body></html>';

/** The dates the page carries for its first paint, read back as the client reads them. */
function datesInPage(html: string): unknown {
  const content = /<meta name="conference-dates" content="([^"]*)" \/>/.exec(html)?.[1];
  if (content === undefined) return undefined;
  return JSON.parse(
    content
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

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
    expect(page.body).toMatch(/<meta name="conference-dates" content="[^"]*" \/>\n<\/head>/);
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
