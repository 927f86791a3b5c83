import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** The budget for the JavaScript a first-time visitor of the home page downloads, gzip-compressed. */
const HOME_JS_BUDGET_BYTES = 150 * 1000;

test('the home page downloads less than 150 kB of gzip-compressed JavaScript', async ({ page }) => {
  const scripts: Promise<{ url: string; gzipBytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto('', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ICTACEM 2025');
  const loaded = await Promise.all(scripts);
  const total = loaded.reduce((sum, script) => sum + script.gzipBytes, 0);
  // Printed so the chunk list shows in the run's output when the budget tightens.
  console.log(
    `home-page JavaScript, gzip: ${loaded.map((s) => `${new URL(s.url).pathname.split('/').pop()} ${s.gzipBytes} B`).join(', ')}; total ${total} B`,
  );
  expect(loaded.length).toBeGreaterThan(0);
  expect(total).toBeLessThan(HOME_JS_BUDGET_BYTES);
});
