import { expect, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { signInThroughApi, submitPaperThroughApi } from '../fixtures/papers.ts';
import { layoutShift, MAX_LAYOUT_SHIFT, watchConsole } from '../fixtures/page-health.ts';

// The profile, the paper pages and the admin dashboard come drawn by the server for the user
// signed in (their header, the page's frame, what the session says), and hydrate without a word
// in the console.

test.describe('an author', () => {
  const name = 'Nguyễn Thị Hương';
  let paperPath = '';

  test.beforeEach(async ({ page }) => {
    const author = await registerAuthor(page.request, name);
    await signInThroughApi(page, author);
    const tag = Date.now().toString(36);
    const paperId = await submitPaperThroughApi(page, { title: `Dao động ${tag}`, ictacemId: author.customUserId });
    paperPath = `submit-full-paper/${paperId}`;
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('sees the header and the profile frame with their name and the papers loading', async ({ page }) => {
      const answer = await page.goto('profile');
      expect(answer?.headers()['cache-control']).toBe('private, no-store');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Welcome, ${name}`);
      await expect(page.getByRole('button', { name: 'Notifications' }).first()).toBeAttached();
      await page.goto(paperPath);
      await expect(page.getByRole('main')).toContainText('Loading paper details');
    });
  });

  test('the profile and the paper page hydrate without a mismatch, then load their form', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('profile');
    await expect(page.getByTestId('paper-count')).toHaveText('1');
    await page.waitForLoadState('networkidle');
    expect(problems, 'console of /profile').toEqual([]);
    expect(await layoutShift(page), 'layout shift of /profile').toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);

    await page.goto(paperPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Submit Full Paper' })).toBeVisible();
    // The upload form, a part fetched after the frame painted.
    await expect(page.getByRole('button', { name: 'Submit Full Paper' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems, `console of /${paperPath}`).toEqual([]);
  });
});

test('the admin dashboard and a paper page hydrate without a mismatch', async ({ page }) => {
  const problems = watchConsole(page);
  const author = await registerAuthor(page.request, 'Ирина Петрова');
  await signInThroughApi(page, author);
  const tag = Date.now().toString(36);
  const paperId = await submitPaperThroughApi(page, { title: `Пластины ${tag}`, ictacemId: author.customUserId });
  await page.context().clearCookies();
  await signInThroughApi(page, E2E_ADMIN);

  const html = await (await page.request.get('admin')).text();
  expect(html, 'the frame in the HTML').toContain('Admin Dashboard');
  await page.goto('admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Overview & Analytics' })).toBeVisible();
  // Hydrated: the greeting by this browser's clock replaces the server's.
  await expect(page.getByText(/^Good (morning|afternoon|evening), /)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems, 'console of /admin').toEqual([]);
  expect(await layoutShift(page), 'layout shift of /admin').toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);

  await page.goto(`admin/paper/${paperId}`);
  await expect(page.getByRole('main')).toContainText(`Пластины ${tag}`);
  await page.waitForLoadState('networkidle');
  expect(problems, 'console of the paper page').toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the admin's paper list hydrates without a mismatch, its filters folded from the first paint", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await signInThroughApi(page, E2E_ADMIN);
    const html = await (await page.request.get('admin?section=papers')).text();
    expect(html, 'the filters in the HTML').toContain('Search papers');
    await page.goto('admin?section=papers');
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Status', { exact: true })).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(problems, 'console of the paper list').toEqual([]);
    expect(await layoutShift(page), 'layout shift of the paper list').toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
  });
});

test("a new author's empty profile does not move when the papers' answer comes", async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  const author = await registerAuthor(page.request, 'Małgorzata Wiśniewska');
  await signInThroughApi(page, author);
  await page.goto('profile');
  await expect(page.getByRole('heading', { name: 'No papers submitted yet' })).toBeVisible();
  expect(await layoutShift(page), 'layout shift of the empty profile').toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
});
