import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { seedAuthor } from '../fixtures/dashboard-seed.ts';
import { searchPapers } from '../fixtures/list-search.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

const tag = `Ph${Date.now().toString(36)}`;

test.beforeAll(async ({ playwright, baseURL }) => {
  await seedAuthor(playwright, baseURL!, 'Wiśniewska Zofia', {
    title: `${tag} Крыло в трансзвуковом потоке`,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Зоя Вишневская',
  });
});

test('on a phone the filters fold behind a Filters button and the first paper shows on the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=papers');
  const firstPaper = page.getByTestId('admin-paper-card').first();
  await expect(firstPaper).toBeVisible();
  expect((await firstPaper.boundingBox())!.y).toBeLessThan(844);

  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Status', { exact: true })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Status', { exact: true }).selectOption('review_awaited');
  await page.getByLabel('Payment', { exact: true }).selectOption('unpaid');
  await toggle.click();
  // Folded again, the button still says how many filters are in force; the chips show which.
  await expect(page.getByLabel('Payment', { exact: true })).toBeHidden();
  await expect(toggle).toHaveAccessibleName('Filters 2 active');
  await expect(page.getByTestId('filter-chip')).toHaveCount(2);
});

test('on a desktop the filters start open', async ({ page }) => {
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=papers');
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Status', { exact: true })).toBeVisible();
});

test('"Select at least one paper." goes once a paper is ticked or the Export menu is opened', async ({ page }) => {
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=papers');
  await searchPapers(page, tag);
  await expect(page.getByTestId('papers-found')).toHaveText('1 paper found');
  const message = page.getByTestId('dashboard-message-error');
  const askForStatusChange = async () => {
    await page.getByRole('button', { name: 'Bulk actions' }).click();
    await page.getByRole('button', { name: 'Change status' }).click();
    await expect(message).toHaveText(/Select at least one paper\./);
  };

  await askForStatusChange();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('link', { name: 'CSV' })).toBeVisible();
  await expect(message).toHaveCount(0);
  await page.keyboard.press('Escape');

  await askForStatusChange();
  await page.getByRole('checkbox', { name: 'Select for bulk actions' }).check();
  await expect(page.getByTestId('bulk-selected')).toHaveText('1 selected');
  await expect(message).toHaveCount(0);
});
