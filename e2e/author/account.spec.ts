import { expect, test } from '@playwright/test';
import { registerAuthor } from '../fixtures/accounts.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

test('an author sees where they are signed in, signs out another session and everywhere else, and changes the password', async ({
  page,
  playwright,
  baseURL,
}) => {
  const author = await registerAuthor(page.request, 'Emmy Noether');
  const elsewhere = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    },
  });
  expect(
    (await elsewhere.post('api/auth/login', { data: { email: author.email, password: author.password } })).ok(),
  ).toBe(true);
  await signInThroughApi(page, author);

  await page.goto('profile');
  await page.getByRole('link', { name: 'Password and sessions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password and Sessions' })).toBeVisible();
  const rows = page.getByTestId('session-row');
  // Registration's session, the Firefox one and this browser's.
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'This session' })).toHaveCount(1);

  await rows
    .filter({ hasText: 'Firefox on Windows' })
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(rows).toHaveCount(2);
  expect((await elsewhere.get('api/auth/profile')).status()).toBe(401);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Signed out 1 other session.');
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('This is your only signed-in session.')).toBeVisible();

  await page.getByLabel('Current password', { exact: true }).fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('noether theorem 1918');
  await page.getByLabel('Confirm new password', { exact: true }).fill('noether theorem 1918');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('toast-error')).toContainText('Your current password is not correct.');

  await page.getByLabel('Current password', { exact: true }).fill(author.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Your password was changed.');
  await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('');
  const fresh = await playwright.request.newContext({ baseURL });
  expect(
    (await fresh.post('api/auth/login', { data: { email: author.email, password: 'noether theorem 1918' } })).ok(),
  ).toBe(true);
});
