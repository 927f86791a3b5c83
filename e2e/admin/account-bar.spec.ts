import { expect, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

const HINT = 'to get your conference ID.';

test('the account bar points authors to their conference ID, never organisers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerAuthor(page.request, 'प्रिया शर्मा');
  await page.goto('important-dates');
  const bar = page.getByRole('banner');
  await expect(bar.getByText(HINT)).toBeVisible();

  await page.request.post('api/auth/logout');
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('important-dates');
  await expect(bar.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(bar.getByText(HINT)).toHaveCount(0);
});
