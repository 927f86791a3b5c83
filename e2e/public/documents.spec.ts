import { expect, test } from '@playwright/test';
import { DOCUMENTS, documentPath, openPage, PUBLIC_PAGES, waitForPreview } from './public-pages.ts';

const headingOf = (path: string) => PUBLIC_PAGES.find((p) => p.path === path)!.h1;

for (const document of DOCUMENTS) {
  test(`${document.fileName} is served as a valid PDF`, async ({ request }) => {
    const response = await request.get(documentPath(document.fileName));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const body = await response.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.subarray(-16).toString('latin1')).toContain('%%EOF');
  });

  test(`/${document.page} previews ${document.fileName} and offers View and Download`, async ({ page }) => {
    await openPage(page, document.page, headingOf(document.page));
    const main = page.getByRole('main');
    const view = main.getByRole('link', { name: document.view });
    await expect(view).toHaveAttribute('href', `/ictacem2025/${documentPath(document.fileName)}`);
    await expect(view).toHaveAttribute('target', '_blank');

    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: document.download }).click()]);
    expect(download.suggestedFilename()).toBe(document.fileName);

    await waitForPreview(page);
    const frame = main.locator('iframe');
    if (await page.evaluate(() => navigator.pdfViewerEnabled)) {
      await expect(frame).toHaveAttribute('src', new RegExp(`${documentPath(document.fileName).replace(/[.]/g, '\\.')}#`));
      await expect(frame).toHaveAttribute('title', /PDF preview/);
    } else {
      await expect(main.getByText('PDF preview not available')).toBeVisible();
    }
  });
}

test('a document that cannot be loaded falls back to View PDF and Download PDF', async ({ page }) => {
  await page.route('**/documents/**', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await openPage(page, 'extended-abstract-format', 'Extended Abstract Format');
  const main = page.getByRole('main');
  await expect(main.getByText('PDF preview not available')).toBeVisible();
  await expect(main.locator('iframe')).toHaveCount(0);
  const href = `/ictacem2025/${documentPath('format_for_Extended_Abstract.pdf')}`;
  await expect(main.getByRole('link', { name: 'View PDF' })).toHaveAttribute('href', href);
  await expect(main.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', href);
});

test('a browser without a PDF viewer (most phones) gets the fallback on the sponsorship page', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => false }));
  await openPage(page, 'sponsorship', 'Sponsorship');
  const brochure = page.getByRole('region', { name: 'Sponsorship Brochure' });
  await expect(brochure.getByText('PDF preview not available')).toBeVisible();
  await expect(brochure.getByRole('link', { name: 'View PDF' })).toHaveAttribute('href', /ICTACEM%202025%20Brochure\.pdf$/);
  await expect(brochure.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('download', 'ICTACEM 2025 Brochure.pdf');
});

test('the brochure preview downloads the PDF once, shows a loading hint in its own space, then the PDF', async ({ page }) => {
  test.skip(!(await page.evaluate(() => navigator.pdfViewerEnabled)), 'this browser shows the fallback instead');
  const pdfPath = `/ictacem2025/${documentPath('ICTACEM 2025 Brochure.pdf')}`;
  const isPdf = (url: URL) => url.pathname === pdfPath;
  const requests: string[] = [];
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`${request.method()} ${request.url()}`));
  // Held back until the hint has been seen; every request the page sends for the file comes through here.
  let releasePdf!: () => void;
  const pdfHeld = new Promise<void>((resolve) => (releasePdf = resolve));
  await page.route(isPdf, async (route) => {
    requests.push(route.request().method());
    await pdfHeld;
    await route.continue();
  });

  await openPage(page, 'brochure', 'Conference Brochure');
  const preview = page.getByRole('region', { name: 'Preview' });
  const hint = preview.getByRole('status');
  await expect(hint).toHaveText('Loading preview...');
  const frame = preview.locator('iframe');
  const boxWhileLoading = await frame.boundingBox();

  releasePdf();
  await expect(hint).toBeHidden();
  await expect(frame).toBeVisible();
  expect(await frame.boundingBox()).toEqual(boxWhileLoading);
  expect(requests).toEqual(['GET']);
  expect(failures).toEqual([]);
});
