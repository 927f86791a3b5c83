import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFERENCE_DATES_ELEMENT_ID } from '../../shared/constants.ts';
import { createTestUser, type TestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

const SHELL = '<!doctype html><html><head><title>ICTACEM 2025</title></head><body><div id="root"></div></body></html>';
const DATES_JSON = new RegExp(
  `<script type="application/json" id="${CONFERENCE_DATES_ELEMENT_ID}">(.*?)</script></head>`,
);

describe('the page shell', () => {
  let t: TestApp;
  let root: string;
  let admin: TestUser;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-shell-'));
    await writeFile(path.join(root, 'index.html'), SHELL);
    t = await createTestApp({ clientDir: root });
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const datesInPage = async (url: string) => {
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    const sent = DATES_JSON.exec(page.body)?.[1];
    expect(sent, `${url} carries the dates`).toBeDefined();
    return JSON.parse(sent!) as { dates: Record<string, string>; timeZone: string };
  };

  it('carries the dates the API gives, so a page prints them in its first paint', async () => {
    const { success: _success, ...fromApi } = (
      await t.app.inject({ method: 'GET', url: `${API}/settings/deadlines` })
    ).json<Record<string, unknown>>();
    expect(await datesInPage('/ictacem2025/important-dates')).toEqual(fromApi);
    expect(await datesInPage('/ictacem2025/')).toEqual(fromApi);
  });

  it('carries an admin’s change on the next page load', async () => {
    const notification = '2025-11-03T10:00:00+05:30';
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/deadlines`,
      headers: { cookie: admin.cookie },
      payload: { notification },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await datesInPage('/ictacem2025/important-dates')).dates.notification).toBe(notification);
  });
});
