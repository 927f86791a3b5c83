import { expect, type Page, test } from '@playwright/test';
import { holdStill, layoutProblems, PHONE } from './fixtures/layout-checks.ts';
import { type LayoutSeed, seedLayoutData } from './fixtures/layout-seed.ts';
import { openSitePage, SITE_PAGES, signInAs, type Viewer } from './fixtures/site-pages.ts';

/** A phone, a tablet, a laptop and a large screen. */
const VIEWPORTS = [PHONE, { width: 768, height: 1024 }, { width: 1280, height: 800 }, { width: 1920, height: 1080 }];

/** A problem without its numbers and quoted text: the same fault on every card of a list, or at every width, is one. */
const kindOf = (problem: string) => problem.replace(/“[^”]*”/g, '“”').replace(/-?\d+(?= (px|%))/g, '#');

/**
 * Opens each page of these viewers once and judges it at every width. Returns one line per
 * kind of problem, with the numbers of its first sighting and every page and width it shows
 * on, so the shared header's problem is listed once; empty when everything fits.
 */
async function inspectPages(page: Page, viewers: Viewer[], seed?: LayoutSeed): Promise<string> {
  const found = new Map<string, { first: string; places: Map<string, number> }>();
  await holdStill(page);
  for (const viewer of viewers) {
    await signInAs(page, viewer, seed);
    for (const entry of SITE_PAGES.filter((candidate) => candidate.viewer === viewer)) {
      await page.setViewportSize(VIEWPORTS[0]!);
      await openSitePage(page, entry, seed);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        if (entry.reopenAtEachWidth && viewport !== VIEWPORTS[0]) await openSitePage(page, entry, seed);
        for (const problem of await layoutProblems(page)) {
          const kind = found.get(kindOf(problem)) ?? { first: problem, places: new Map<string, number>() };
          const place = `${entry.name} at ${viewport.width} px`;
          kind.places.set(place, (kind.places.get(place) ?? 0) + 1);
          found.set(kindOf(problem), kind);
        }
      }
    }
  }
  const placesText = (places: Map<string, number>) =>
    [...places].map(([place, count]) => (count > 1 ? `${place} (${count} elements)` : place)).join(', ');
  return [...found.values()].map(({ first, places }) => `- ${first}\n    on ${placesText(places)}`).join('\n');
}

/** Each page opens once and is judged at four widths, in turn: the budget grows with their number. */
const budgetFor = (viewers: Viewer[]) =>
  30_000 + SITE_PAGES.filter((entry) => viewers.includes(entry.viewer)).length * 8_000;

// Tracing would snapshot the page at each of the hundreds of calls, doubling the time; the report names what is wrong.
test.use({ trace: 'off' });
// The three viewers' pages are read, not changed: the tests share both workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

test.describe('every page fits at 390, 768, 1280 and 1920 px: nothing sticks out, no text is cut, a short header', () => {
  test('public pages', async ({ page }) => {
    test.setTimeout(budgetFor(['visitor']));
    expect(await inspectPages(page, ['visitor'])).toBe('');
  });

  test("an author's pages", async ({ page, playwright, baseURL }) => {
    test.setTimeout(budgetFor(['author', 'newcomer']));
    const seed = await seedLayoutData(playwright, baseURL!);
    expect(await inspectPages(page, ['author', 'newcomer'], seed)).toBe('');
  });

  test('the admin pages', async ({ page, playwright, baseURL }) => {
    test.setTimeout(budgetFor(['admin']));
    const seed = await seedLayoutData(playwright, baseURL!);
    expect(await inspectPages(page, ['admin'], seed)).toBe('');
  });
});
