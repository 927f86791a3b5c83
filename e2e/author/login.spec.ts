import { expect, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { logIn, solveCaptcha } from '../fixtures/captcha.ts';

test.describe('login page', () => {
  test('the captcha is unanswered, then incorrect with a new problem after 2.5 s, then correct', async ({ page }) => {
    await page.goto('login');
    const status = page.getByTestId('captcha-status');
    await expect(status).toHaveText('');

    await page.getByLabel('Email').fill('someone@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('whatever1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please complete the verification challenge');

    const answerBox = page.getByLabel(/^What is/);
    await answerBox.fill('not a number');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(status).toHaveText('Incorrect answer. Please try again with the new problem.');
    await expect(status.locator('span')).toHaveClass(/text-red-700/);
    await expect(answerBox).toBeDisabled();
    // The new problem arrives on its own after 2.5 seconds.
    await expect(status).toHaveText('', { timeout: 5000 });
    await expect(answerBox).toBeEnabled();
    await expect(answerBox).toHaveValue('');

    await solveCaptcha(page);
    await expect(status.locator('span')).toHaveClass(/text-green-700/);
  });

  test('a new problem can be asked for by hand', async ({ page }) => {
    await page.goto('login');
    const answerBox = page.getByLabel(/^What is/);
    await answerBox.fill('3');
    await page.getByRole('button', { name: 'New problem' }).click();
    await expect(answerBox).toHaveValue('');
  });

  test('validates the fields with the spec texts and toggles password visibility', async ({ page }) => {
    await page.goto('login');
    await page.getByLabel('Email').fill('someone@e2e.test');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a wrong password shows the server message and keeps the user on the page', async ({ page, request }) => {
    const author = await registerAuthor(request);
    await page.goto('login');
    await logIn(page, { email: author.email, password: 'wrong-password' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('after wrong passwords the server wants the challenge; each try gets a fresh problem and the right password still works', async ({
    page,
    request,
  }) => {
    const author = await registerAuthor(request);
    await page.goto('login');
    for (let i = 0; i < 3; i += 1) {
      await logIn(page, { email: author.email, password: `wrong-password-${i}` });
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
      // The answered problem was used up: a new one is waiting, unanswered.
      await expect(page.getByTestId('captcha-status')).toHaveText('');
    }
    // From this address, the next try waits a second (the first of the doubling waits).
    await page.waitForTimeout(1100);
    await logIn(page, author);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a signed-in author reaches the profile with their conference id', async ({ page, request }) => {
    const author = await registerAuthor(request, 'Sophie Germain');
    await page.goto('login');
    await logIn(page, author);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Sophie Germain' })).toBeVisible();
    await expect(page.getByTestId('custom-user-id')).toHaveText(author.customUserId);
    await expect(page.getByTestId('welcome-username')).toHaveText('Sophie Germain');
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('the profile asks for sign-in, redirects to login after 2 s and comes back after it', async ({
    page,
    request,
  }) => {
    const author = await registerAuthor(request);
    await page.goto('profile');
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
    await logIn(page, author);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a return target on another site is ignored', async ({ page, request }) => {
    const author = await registerAuthor(request);
    await page.goto('login?redirect=//evil.example/steal');
    await logIn(page, author);
    await expect(page).toHaveURL(/\/ictacem2025\/profile$/);
  });

  test('an admin sees the Admin link and the badge; logout goes to /login', async ({ page }) => {
    await page.goto('login');
    await logIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
    await page.goto('profile');
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  });
});
