import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Response, test } from '@playwright/test';
import { freePort } from '@server/test/net.ts';
import { type ServerProcess, spawnServer, waitUntilServing } from '@server/test/server-process.ts';
import { logIn } from './fixtures/captcha.ts';
import { totpCodeAt } from './fixtures/two-factor.ts';

// A newcomer's first start: an empty data directory and no admin variables, as the README's
// `npm start` runs it. The only way in is what the start-up banner prints.
test.describe('first run', () => {
  let dataDir: string;
  let server: ServerProcess;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-first-run-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    for (const name of [
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'ADMIN_TOTP_SECRET',
      'ADMIN_MFA_REQUIRED',
      'DATABASE_URL',
      'REGISTRATION_OPEN',
      'SMTP_URL',
      'LOG_LEVEL',
    ])
      delete env[name];
    server = spawnServer(env, port);
    await waitUntilServing(server);
  });

  test.afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  test('signs in as admin with the credentials the banner printed, sets up two-factor sign-in and uses it', async ({
    page,
  }) => {
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
    // Until the second factor is set up the server refuses the rest, so the page must not ask for it.
    const refused: string[] = [];
    const watchRefusals = (response: Response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    };
    page.on('response', watchRefusals);
    await logIn(page, { email: email!, password: password! });
    // Admins sign in with two factors: before anything else, the new admin sets one up.
    await expect(page).toHaveURL(/\/account\/two-factor$/);
    await expect(
      page.getByText('Organizers sign in with two-factor authentication. Please set it up before going on.'),
    ).toBeVisible();
    await page.goto(`${server.baseUrl}/admin`);
    await expect(page).toHaveURL(/\/account\/two-factor$/);
    await page.waitForLoadState('networkidle');
    page.off('response', watchRefusals);
    expect(refused).toEqual([]);

    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code to add ICTACEM 2025 to your authenticator app' }),
    ).toBeVisible();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    const enrolStep = Math.floor(Date.now() / 30_000);
    await page.getByLabel('6-digit code').fill(totpCodeAt(secret, enrolStep - 3));
    await page.getByLabel('Current password', { exact: true }).fill(password!);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That code is not correct. Check the time on your phone and enter the newest 6-digit code.',
    );
    await page.getByLabel('6-digit code').fill(totpCodeAt(secret, enrolStep));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent())!;
    const secondRecoveryCode = (await codes.nth(1).textContent())!;
    await page.getByRole('link', { name: 'I have saved my codes, continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview & Analytics' })).toBeVisible();

    // A lost phone: a recovery code signs in, once.
    await page.getByRole('button', { name: 'Logout' }).click();
    await logIn(page, { email: email!, password: password! });
    await page.getByLabel('Authentication code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await logIn(page, { email: email!, password: password! });
    await page.getByLabel('Authentication code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not correct, or it was already used.');

    // The authenticator's next code signs in.
    await page.getByLabel('Authentication code').fill(totpCodeAt(secret, enrolStep + 1));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto(`${server.baseUrl}/admin`);
    await expect(page.getByRole('heading', { level: 2, name: 'Overview & Analytics' })).toBeVisible();

    // New recovery codes take the password and a code; an organizer cannot turn it off.
    await page.goto(`${server.baseUrl}/account/two-factor`);
    await expect(page.getByText('9 unused recovery codes left.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off two-factor sign-in' })).toHaveCount(0);
    await page.getByLabel('Current password', { exact: true }).fill(password!);
    await page.getByLabel('Authentication code').fill(secondRecoveryCode);
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(page.getByText('New recovery codes were made; the old ones no longer work.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  });
});
