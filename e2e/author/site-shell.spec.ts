import { expect, test } from '@playwright/test';
import { registerAuthor } from '../fixtures/accounts.ts';
import { sessionCookie, sessionTokenOf } from '../fixtures/api.ts';
import { logIn } from '../fixtures/captcha.ts';

test('the header changes style after 20 px of scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  // A page far taller than the window: on one barely taller, the compact header can leave nothing to scroll.
  await page.goto('important-dates');
  await expect(page.getByRole('heading', { level: 1, name: 'Important Dates' })).toBeVisible();
  const header = page.locator('header');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.mouse.wheel(0, 200);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  // The wheel scrolls smoothly: on a busy machine its animation could still be running, and carry
  // the page past 20 px again after the jumps below, unless it has come to rest.
  const scrollY = () => page.evaluate(() => window.scrollY);
  await expect
    .poll(async () => {
      const before = await scrollY();
      await page.waitForTimeout(150);
      return before > 20 && (await scrollY()) === before;
    })
    .toBe(true);
  // It turns back only at the top, so its own shrinking can never make it flicker.
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  // The header grows back over its transition; scrolled meanwhile, the browser's scroll anchoring
  // moves the page by what it grows (past 20 px on a busy machine). Let it come to rest first.
  const headerHeight = () => header.evaluate((element) => element.getBoundingClientRect().height);
  await expect
    .poll(async () => {
      const before = await headerHeight();
      await page.waitForTimeout(150);
      return (await headerHeight()) === before;
    })
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test('a new page opens at its top, and Back returns to where the reader was', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('important-dates');
  await expect(page.getByRole('heading', { level: 1, name: 'Important Dates' })).toBeVisible();
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  // The footer's link, scrolled to as a reader would: where the page is when it is followed.
  const link = page.locator('footer').getByRole('link', { name: 'Committee' });
  await link.scrollIntoViewIfNeeded();
  const whereTheReaderWas = await scrollY();
  expect(whereTheReaderWas).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(/\/committee$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(scrollY).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/important-dates$/);
  await expect.poll(scrollY).toBe(whereTheReaderWas);
  await page.goForward();
  await expect(page).toHaveURL(/\/committee$/);
  await expect.poll(scrollY).toBe(0);

  // A reload keeps the place, as the browser's own restoration would; the address typed anew opens at the top.
  await page.goBack();
  await expect.poll(scrollY).toBe(whereTheReaderWas);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Important Dates' })).toBeVisible();
  await expect.poll(scrollY).toBe(whereTheReaderWas);
  await page.goto('committee');
  await page.goto('important-dates');
  await expect(page.getByRole('heading', { level: 1, name: 'Important Dates' })).toBeVisible();
  await expect.poll(scrollY).toBe(0);
});

test('on a phone the menu collapses and opens with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('login');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('header').getByRole('link', { name: 'Committee' })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#mobile-menu').getByRole('link', { name: 'Important Dates' }).click();
  await expect(page).toHaveURL(/\/important-dates$/);
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
});

test('on a phone the signed-in header is one bar, its account links in the menu', async ({ page, request }) => {
  const author = await registerAuthor(request, 'Emmy Noether');
  await page.goto('login');
  await logIn(page, author);
  await expect(page).toHaveURL(/\/profile$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('important-dates');
  const header = page.locator('header');
  await expect(header.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);

  await header.getByRole('button', { name: 'Open menu' }).click();
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByTestId('welcome-username')).toHaveText('Emmy Noether');
  await expect(account.getByRole('link', { name: 'Submit Extended Abstract/Paper' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await account.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(account).toHaveCount(0);
  await header.getByRole('button', { name: 'Open menu' }).click();
  await account.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('the signed-in bar shows the welcome, profile, logout and submit button', async ({ page, request }) => {
  const author = await registerAuthor(request, 'Emmy Noether');
  await page.goto('login');
  await logIn(page, author);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('important-dates');
  const bar = page.locator('header');
  await expect(bar.getByTestId('welcome-username')).toHaveText('Emmy Noether');
  await expect(bar.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Submit Extended Abstract/Paper' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('on the profile page the bar does not repeat the greeting or the submit button', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const author = await registerAuthor(request, 'Emmy Noether');
  await page.goto('login');
  await logIn(page, author);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Emmy Noether' })).toBeVisible();
  await expect(page.locator('header').getByText('Welcome,')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Submit New Paper' })).toBeVisible();
  await expect(page.locator('a[href$="/submit"]')).toHaveCount(1);
  await expect(page.getByText('to get your conference ID')).toHaveCount(0);
});

test('an unknown page shows the not-found page', async ({ page }) => {
  await page.goto('no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/ictacem2025\/?$/);
});

test('with registration open, a visitor signs up and lands on the profile', async ({ page }) => {
  await page.goto('registration');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Full name').fill('Hypatia');
  await page.getByLabel('Email').fill(`hypatia.${Date.now()}@e2e.test`);
  await page.getByLabel('Password', { exact: true }).fill('hypatia-pass');
  await page.getByLabel('Confirm password', { exact: true }).fill('hypatia-pass');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Hypatia' })).toBeVisible();
  await expect(page.getByTestId('custom-user-id')).toHaveText(/^ICTACEMP2025[A-Z2-9]{5}$/);
});

test('a page whose data fails to load keeps its height: the error stands where the spinner stood', async ({
  page,
  request,
  baseURL,
}) => {
  const author = await registerAuthor(request, 'Nguyễn Thị Minh');
  await page.context().addCookies([sessionCookie(baseURL!, await sessionTokenOf(request, author))]);
  await page.route(/\/api\/papers\/(user|0b5c8f5e-6d1a-4c1e-9a51-2f0f3c7d9e11)$/, (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Internal server error.' } }),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  const footerTop = () => page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);

  await page.goto('profile');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load your submitted papers' })).toBeVisible();
  expect(await footerTop()).toBeGreaterThanOrEqual(844);

  await page.goto('submit-full-paper/0b5c8f5e-6d1a-4c1e-9a51-2f0f3c7d9e11');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load paper details' })).toBeVisible();
  expect(await footerTop()).toBeGreaterThanOrEqual(844);
});

test('a signed-in page knows its author from the page itself; after logout the header does not', async ({
  page,
  request,
  baseURL,
}) => {
  const author = await registerAuthor(request, 'Władysław Żeleński');
  await page.context().addCookies([sessionCookie(baseURL!, await sessionTokenOf(request, author))]);
  const sessionRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/auth/session')) sessionRequests.push(sent.url());
  });

  await page.goto('profile');
  await expect(page.getByRole('heading', { name: 'Welcome, Władysław Żeleński' })).toBeVisible();
  expect(sessionRequests).toEqual([]);

  // Signed out, the session is asked afresh: never taken again from the page served signed in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
});
