import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const SHELL = '<!doctype html><title>ICTACEM 2025</title><div id="root"></div>';

describe('page paths', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-client-'));
    await writeFile(path.join(clientDir, 'index.html'), SHELL);
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
      expect(res.body, url).toBe(SHELL);
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
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const res = await get('/ictacem2025/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found.' });
  });
});
