import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { seedAuthor } from '../fixtures/dashboard-seed.ts';
import { searchPapers } from '../fixtures/list-search.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

// The dashboard's sections, views and dialogs are fetched when opened: a part that cannot be
// fetched says so in its place, and the rest of the page stays.
test('a dashboard section whose code cannot be fetched says so and keeps the page', async ({ page }) => {
  await signInThroughApi(page, E2E_ADMIN);
  await page.route(/\/assets\/users-section-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('admin?section=dashboard');
  await expect(page.getByRole('heading', { level: 2, name: 'Overview & Analytics' })).toBeVisible();

  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: /Users/ }).click();
  await expect(
    page.getByRole('tabpanel').getByRole('alert').filter({ hasText: 'This part of the page could not be loaded.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  // The section menu is still there: only the part that failed is replaced.
  await expect(
    page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: /Dashboard/ }),
  ).toBeVisible();
});

test('the paper list opens a card quick review fetched on demand', async ({ page, playwright, baseURL }) => {
  const tag = `Lz${Date.now().toString(36)}`;
  const title = `${tag} Dao động của dầm composite`;
  await seedAuthor(playwright, baseURL!, 'Nguyễn Văn Hải', {
    title,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Nguyễn Văn Hải',
  });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=papers');
  await searchPapers(page, tag);
  const card = page.getByTestId('admin-paper-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^(Write|Edit) Review$/ }).click();
  await expect(card.getByLabel('Review comments')).toBeVisible();
});
