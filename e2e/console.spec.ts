import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from './fixtures/accounts.ts';
import { signInThroughApi, submitPaperThroughApi } from './fixtures/papers.ts';
import { watchConsole } from './fixtures/page-health.ts';
import { PUBLIC_PAGES } from './public/public-pages.ts';

/**
 * Collects what a developer would see in the browser's console: errors and warnings (a failed
 * request shows up as a console error too), uncaught exceptions, and any 4xx/5xx answer.
 */
function watchConsoleAndAnswers(page: Page): string[] {
  const problems = watchConsole(page);
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

async function visit(page: Page, problems: string[], path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems, `console of /${path}`).toEqual([]);
}

const VISITOR_PAGES = [...PUBLIC_PAGES.map((p) => p.path), 'login', 'registration', 'forgot-password'];
const AUTHOR_PAGES = ['profile', 'account', 'notifications', 'submit', 'submit-paper'];
const ADMIN_PAGE_COUNT = 4;
/** Each page loads and settles (network idle) in turn: the budget grows with their number. */
const PER_PAGE_MS = 10_000;

test('a visitor sees a clean console and a real favicon on every page', async ({ page }) => {
  test.setTimeout((VISITOR_PAGES.length + 1) * PER_PAGE_MS);
  const problems = watchConsoleAndAnswers(page);
  for (const path of VISITOR_PAGES) await visit(page, problems, path);
  // An unknown page answers 404 (for crawlers and link checkers) with the page, which shows Not Found.
  const unknown = await page.goto('no-such-page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const ownAnswer = `404 GET ${unknown?.url()}`;
  const browsersNote = 'error: Failed to load resource: the server responded with a status of 404 (Not Found)';
  expect(problems.filter((problem) => problem !== ownAnswer && problem !== browsersNote)).toEqual([]);
  problems.length = 0;
  const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
  const icon = await page.request.get(new URL(favicon!, page.url()).toString());
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
});

test('an author and an admin see a clean console on their pages', async ({ page }) => {
  test.setTimeout((AUTHOR_PAGES.length + ADMIN_PAGE_COUNT + 2) * PER_PAGE_MS);
  const author = await registerAuthor(page.request, 'Console Author');
  const paperId = await submitPaperThroughApi(page, { title: 'Console-clean paper', ictacemId: author.customUserId });
  const { user } = (await (await page.request.get('api/auth/profile')).json()) as { user: { _id: string } };
  const problems = watchConsoleAndAnswers(page);
  for (const path of AUTHOR_PAGES) await visit(page, problems, path);

  await page.request.post('api/auth/logout');
  await signInThroughApi(page, E2E_ADMIN);
  const adminPages = ['admin', 'admin/sign-in-log', `admin/user/${user._id}`, `admin/paper/${paperId}`];
  expect(adminPages).toHaveLength(ADMIN_PAGE_COUNT);
  for (const path of adminPages) await visit(page, problems, path);
});
