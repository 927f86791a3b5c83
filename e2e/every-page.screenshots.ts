import path from 'node:path';
import { test } from '@playwright/test';
import { holdStill, PHONE, settle } from './fixtures/layout-checks.ts';
import { seedLayoutData } from './fixtures/layout-seed.ts';
import { openSitePage, SITE_PAGES, signInAs } from './fixtures/site-pages.ts';

/** A phone and a laptop. */
const VIEWPORTS = [PHONE, { width: 1280, height: 800 }];

/** The project's screenshots/ folder (beside the config), not the run's temporary output. */
const folder = () => path.join(path.dirname(test.info().config.configFile!), 'screenshots');

// One test per page: a page that fails to render costs only its own pictures.
for (const [index, entry] of SITE_PAGES.entries()) {
  const number = String(index + 1).padStart(2, '0');
  test(`${number} ${entry.name}`, async ({ page, playwright, baseURL }) => {
    const seed = entry.viewer === 'visitor' ? undefined : await seedLayoutData(playwright, baseURL!);
    await holdStill(page);
    await signInAs(page, entry.viewer, seed);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      if (viewport === VIEWPORTS[0] || entry.reopenAtEachWidth) await openSitePage(page, entry, seed);
      await settle(page);
      await page.screenshot({
        path: path.join(folder(), `${number}-${entry.name}-${viewport.width}.png`),
        fullPage: true,
      });
    }
  });
}
