import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { openPage, PUBLIC_PAGES, waitForPreview } from './public-pages.ts';

const DOCUMENT_PAGES = new Set(['sponsorship', 'brochure', 'extended-abstract-format', 'full-length-paper-format']);

async function openSettled(page: Page, path: string, h1: string): Promise<void> {
  await openPage(page, path, h1);
  if (DOCUMENT_PAGES.has(path)) await waitForPreview(page);
}

// Read-only: the tests of this file share both workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

// One visit per page and width: axe and the page's structure at desktop width, axe and the fit at
// phone width (each check used to load the page again for itself).
test.describe('on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const { path, h1, title } of PUBLIC_PAGES) {
    test(`/${path} has no serious or critical axe violations, one h1, an outline, its title and alt text on images`, async ({
      page,
    }) => {
      await openSettled(page, path, h1);
      expect(await seriousViolations(page)).toEqual([]);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('img:not([alt])')).toHaveCount(0);
      await expectHeadingsNotToSkipLevels(page);
    });
  }
});

test('every page has a meta description of its own', async ({ page }) => {
  const descriptions = new Map<string, string>();
  // /home is the same page as /, so it shares the description.
  for (const { path, h1 } of PUBLIC_PAGES.filter((p) => p.path !== 'home')) {
    await openPage(page, path, h1);
    const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(description.length, `description of /${path}`).toBeGreaterThan(40);
    expect([...descriptions.values()], `description of /${path}`).not.toContain(description);
    descriptions.set(path, description);
  }
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const { path, h1 } of PUBLIC_PAGES) {
    test(`/${path} has no serious or critical axe violations, and nothing overflows or overlaps`, async ({ page }) => {
      await openSettled(page, path, h1);
      expect(await seriousViolations(page)).toEqual([]);
      const layout = await page.evaluate(() => {
        const viewportWidth = document.documentElement.clientWidth;
        const describe = (element: Element) =>
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
        const visible = (element: Element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
        };
        const beyondEdge = [...document.querySelectorAll('body *')]
          .filter((element) => visible(element) && !element.closest('.sr-only'))
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.left < -1 || box.right > viewportWidth + 1;
          })
          .map(describe);
        // Controls and headings must not cover one another.
        const blocks = [...document.querySelectorAll('main :is(a, button, h1, h2, h3, iframe, time)')].filter(visible);
        const overlapping: string[] = [];
        blocks.forEach((a, i) => {
          for (const b of blocks.slice(i + 1)) {
            if (a.contains(b) || b.contains(a)) continue;
            const boxA = a.getBoundingClientRect();
            const boxB = b.getBoundingClientRect();
            const overlapX = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
            const overlapY = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
            if (overlapX > 1 && overlapY > 1) overlapping.push(`${describe(a)} / ${describe(b)}`);
          }
        });
        return { scrollWidth: document.documentElement.scrollWidth, viewportWidth, beyondEdge, overlapping };
      });
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.viewportWidth);
      expect(layout.beyondEdge).toEqual([]);
      expect(layout.overlapping).toEqual([]);
    });
  }
});

async function expectHeadingsNotToSkipLevels(page: Page): Promise<void> {
  const levels = await page.locator('main :is(h1, h2, h3, h4, h5, h6)').evaluateAll((headings) =>
    headings.map((heading) => Number(heading.tagName.slice(1))),
  );
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level, `heading ${index} jumps from h${levels[index - 1]} to h${level}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
  });
}
