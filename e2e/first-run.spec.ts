import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../src/server/test/net.ts';
import { type ServerProcess, spawnServer, waitUntilServing } from '../src/server/test/server-process.ts';
import { logIn } from './fixtures/captcha.ts';

// A newcomer's first start: an empty data directory and no admin variables, as the README's
// `npm start` runs it. The only way in is what the start-up banner prints.
test.describe('first run', () => {
  let dataDir: string;
  let server: ServerProcess;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-first-run-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
    for (const name of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATABASE_URL', 'REGISTRATION_OPEN', 'SMTP_URL', 'LOG_LEVEL']) delete env[name];
    server = spawnServer(env, port);
    await waitUntilServing(server);
  });

  test.afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  test('signs in as admin in the browser with the credentials the banner printed', async ({ page }) => {
    await expect.poll(() => server.output()).toContain('Password:');
    const banner = server.output();
    const email = /^ {2}Admin: +(\S+)$/m.exec(banner)?.[1];
    const password = /^ {2}Password: +(\S+)/m.exec(banner)?.[1];
    expect(email, banner).toBeTruthy();
    expect(password, banner).toBeTruthy();
    expect(banner).toContain('closed: nobody can sign up (set REGISTRATION_OPEN=true to open it)');
    // Request logs stay out of a development console; the banner stays readable.
    expect(banner).not.toContain('incoming request');

    await page.goto(`${server.baseUrl}/login`);
    await logIn(page, { email: email!, password: password! });
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto(`${server.baseUrl}/admin`);
    await expect(page.getByRole('heading', { level: 2, name: 'Overview & Analytics' })).toBeVisible();
  });
});
