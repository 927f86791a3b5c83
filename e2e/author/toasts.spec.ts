import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerAuthor } from '../fixtures/accounts.ts';

type Author = Awaited<ReturnType<typeof registerAuthor>>;

/**
 * Signs the author in once more (the page then holds the new session) and opens the account page,
 * where "Sign out everywhere else" ends the other one with a success toast.
 */
async function openAccountWithAnotherSession(page: Page, author: Author): Promise<void> {
  const signedIn = await page.request.post('api/auth/login', {
    data: { email: author.email, password: author.password },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  await page.goto('account');
  await expect(page.getByRole('heading', { level: 1, name: 'Password and Sessions' })).toBeVisible();
}

async function showSuccessToast(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Signed out 1 other session.' });
  await expect(toast).toBeVisible();
  return toast;
}

/** Whether a click at the centre of `control` reaches it, and not something laid over it. */
async function isUncovered(control: Locator): Promise<boolean> {
  await expect(control).toBeVisible();
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

test('an author success toast stays 5 seconds, then vanishes', async ({ page }) => {
  const author = await registerAuthor(page.request, 'Nguyễn Thị Lan');
  await page.clock.install();
  await openAccountWithAnotherSession(page, author);
  // Time stands still from here on, except as the test moves it.
  await page.clock.pauseAt(Date.now() + 1000);
  const toast = await showSuccessToast(page);
  await page.clock.runFor(4500);
  await expect(toast).toBeVisible();
  await page.clock.runFor(600);
  await expect(toast).toHaveCount(0);
});

test("a toast sits under the header, leaving the header's controls clickable on a phone and a desktop", async ({
  page,
}) => {
  const author = await registerAuthor(page.request, 'Агния Барто');
  const banner = page.getByRole('banner');

  await page.setViewportSize({ width: 1280, height: 800 });
  await openAccountWithAnotherSession(page, author);
  await showSuccessToast(page);
  for (const control of [
    banner.getByRole('button', { name: 'Logout' }),
    banner.getByRole('link', { name: 'Profile', exact: true }),
    banner.getByRole('link', { name: 'Submit Extended Abstract/Paper' }),
    banner.getByRole('button', { name: /^Notifications/ }),
  ])
    expect(await isUncovered(control), (await control.textContent()) ?? '').toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await openAccountWithAnotherSession(page, author);
  await showSuccessToast(page);
  for (const control of [
    banner.getByRole('button', { name: 'Open menu' }),
    banner.getByRole('button', { name: /^Notifications/ }),
  ])
    expect(await isUncovered(control), (await control.getAttribute('aria-label')) ?? '').toBe(true);
});
