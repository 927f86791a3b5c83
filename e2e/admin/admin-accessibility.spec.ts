import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { apiSessionAs, submitPaperViaApi } from '../fixtures/api.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

/** Nothing may stick out sideways: at 390 px the panels stack. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390]) {
  test(`the paper and user pages pass axe and fit at ${width} px, every tab and the history`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Axe runs eight times over the two pages: a minute, like the other long journeys.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const author = await registerAuthor(await playwright.request.newContext({ baseURL }), 'Emmy Noether');
    const paperId = await submitPaperViaApi(
      await apiSessionAs(playwright, baseURL!, author),
      author.customUserId,
      'Invariants of elastic wave propagation',
    );
    await signInThroughApi(page, E2E_ADMIN);

    await page.goto(`admin/paper/${paperId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invariants of elastic wave propagation' })).toBeVisible();
    for (const tab of [
      'Paper Details',
      'Authors',
      'Communicating Author',
      'Confidential Notes and Marks',
      'Timeline',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(await seriousViolations(page), tab).toEqual([]);
      await expectNoSidewaysScroll(page);
    }
    await page.getByRole('button', { name: 'Submission History' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Timeline' })).toBeVisible();
    await expect(page.getByText('1 entry', { exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'history').toEqual([]);
    await page.getByRole('button', { name: 'Close submission history' }).click();

    await page.getByRole('tab', { name: 'Communicating Author' }).click();
    await page.getByRole('link', { name: 'View Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Emmy Noether' })).toBeVisible();
    for (const tab of ['Overview', 'Papers', 'Activity']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(await seriousViolations(page), tab).toEqual([]);
      await expectNoSidewaysScroll(page);
    }
  });
}
