import { expect, test } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { registerAuthor } from '../fixtures/accounts.ts';
import { E2E_SMTP_PORT } from '../fixtures/ports.ts';
import { logIn } from '../fixtures/captcha.ts';

// The app under test sends its mail to this real SMTP server.
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

test('an author resets a forgotten password from the e-mailed link and logs in with it', async ({ page, request }) => {
  const author = await registerAuthor(request);
  await page.goto('login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(author.email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  // A green success toast, gone by itself after 5 seconds.
  const success = page.getByTestId('toast-success');
  await expect(success).toContainText('Success');
  await expect(success).toContainText('Password reset email sent! Please check your inbox and spam folder.');
  await expect(success).toHaveClass(/bg-green-700/);
  await expect(success).toHaveCount(0, { timeout: 7000 });

  await expect.poll(() => smtp.inbox.find((mail) => mail.to.includes(author.email)), { timeout: 10_000 }).toBeTruthy();
  const mail = smtp.inbox.find((m) => m.to.includes(author.email))!.raw;
  const link = /(http:\/\/127\.0\.0\.1:\d+\/ictacem2025\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('a new password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('a different one');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password', { exact: true }).fill('a new password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Password reset successful! You can now login with your new password.' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveClass(/text-green-800/);

  await logIn(page, { email: author.email, password: 'a new password' });
  await expect(page).toHaveURL(/\/profile$/);

  // The same link does not work twice.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('third password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('third password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // A red error toast, which stays until it is closed.
  const failure = page.getByTestId('toast-error');
  await expect(failure).toContainText('This password reset link is invalid or has expired. Please request a new one.');
  await expect(failure).toHaveClass(/bg-red-700/);
  await page.waitForTimeout(6000);
  await expect(failure).toBeVisible();
  await failure.getByRole('button', { name: 'Close notification' }).click();
  await expect(failure).toHaveCount(0);
});
