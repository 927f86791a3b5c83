import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { JOB_TEXTS } from '@shared/schemas/background-jobs.ts';
import { drawnTextOf } from '@server/test/pdf-drawn-text.ts';
import { unzip } from '@server/test/zip-entries.ts';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { seedAuthor, setStatus } from '../fixtures/dashboard-seed.ts';
import { searchPapers } from '../fixtures/list-search.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

const tag = `Fz${Date.now().toString(36)}`;

/** A real one-page PDF whose width, unique to this run, finds its page in the book. */
async function abstractPdf(width: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([width, 700]);
  return Buffer.from(await pdf.save());
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await click();
  return readFile((await (await download).path())!);
}

test('an organiser downloads the Book of Abstracts and the abstracts as a ZIP', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Widths of 401-499 points: no other spec's abstract has them.
  const widths = [401 + (Date.now() % 40), 451 + (Date.now() % 40)];
  const papers = [];
  for (const [index, theme] of ['Aerodynamics and Fluid Mechanics', 'Solid Mechanics and Dynamics'].entries()) {
    const pdf = await abstractPdf(widths[index]!);
    const title = `${tag} ${index === 0 ? 'Wakes' : 'Plates'}`;
    const seeded = await seedAuthor(playwright, baseURL!, `Author of ${title}`, {
      title,
      theme,
      modeOfPresentation: 'Oral',
      firstAuthor: index === 0 ? 'Emmy Noether' : 'Sophie Germain',
      pdf,
    });
    papers.push({ ...seeded, title, pdf });
  }
  await signInThroughApi(page, E2E_ADMIN);
  for (const { paperId } of papers) await setStatus(page.request, paperId!, 'abstract_accepted');
  const ids = papers.map(({ author }) => author.customUserId);

  await page.goto('admin?section=papers');
  await searchPapers(page, tag);
  await expect(page.getByTestId('papers-found')).toHaveText('2 papers found');

  // The files ZIP of everything the filter matches.
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('button', { name: 'Files (ZIP)' }).click();
  const zipDialog = page.getByRole('dialog', { name: 'Files (ZIP)' });
  await expect(zipDialog).toContainText('Of all 2 papers matching the filter');
  // No kind of file ticked: said at once, and nothing to make.
  await zipDialog.getByRole('checkbox', { name: 'Abstracts' }).uncheck();
  await expect(zipDialog.getByText(JOB_TEXTS.chooseFiles)).toBeVisible();
  await expect(zipDialog.getByRole('button', { name: 'Make the ZIP' })).toBeDisabled();
  await zipDialog.getByRole('checkbox', { name: 'Abstracts' }).check();
  await expect(zipDialog.getByText(JOB_TEXTS.chooseFiles)).toHaveCount(0);
  await zipDialog.getByRole('button', { name: 'Make the ZIP' }).click();
  const zip = await unzip(
    await downloaded(page, () => zipDialog.getByRole('link', { name: /^Download ictacem2025-papers\.zip/ }).click()),
  );
  const names = [`${ids[1]}_Germain_abstract.pdf`, `${ids[0]}_Noether_abstract.pdf`];
  expect([...zip.keys()].sort()).toEqual([...names, 'manifest.csv'].sort());
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  expect(sha256(zip.get(names[1]!)!)).toBe(sha256(papers[0]!.pdf));
  expect(zip.get('manifest.csv')!.toString()).toContain(sha256(papers[1]!.pdf));
  await zipDialog.getByRole('button', { name: 'Close' }).click();

  // The book: built in the background, then downloaded and read.
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('button', { name: 'Book of Abstracts (PDF)' }).click();
  const bookDialog = page.getByRole('dialog', { name: 'Book of Abstracts (PDF)' });
  await expect(bookDialog.getByRole('checkbox', { name: /^Embed the standard fonts it can substitute/ })).toBeChecked();
  await bookDialog.getByRole('button', { name: /^Build/ }).click();
  await expect(bookDialog.getByTestId('job-done')).toBeVisible({ timeout: 60_000 });
  await expect(bookDialog.getByTestId('book-report')).toContainText('Standard fonts embedded by the book: in');
  const book = await PDFDocument.load(
    await downloaded(page, () =>
      bookDialog.getByRole('link', { name: /^Download ictacem2025-book-of-abstracts\.pdf/ }).click(),
    ),
  );
  const pageWidths = book.getPages().map((p) => Math.round(p.getWidth()));
  // Aerodynamics comes before Solid Mechanics: the wakes abstract first.
  expect(pageWidths.indexOf(widths[0]!)).toBeGreaterThan(0);
  expect(pageWidths.indexOf(widths[0]!)).toBeLessThan(pageWidths.indexOf(widths[1]!));
  const contents = book
    .getPages()
    .slice(1, pageWidths.indexOf(widths[0]!))
    .flatMap((p) => drawnTextOf(p))
    .join('\n');
  expect(contents).toContain('Contents');
  for (const [index, { title }] of papers.entries()) {
    expect(contents).toContain(title);
    // Each entry names the page its abstract starts on.
    expect(contents).toMatch(new RegExp(`${title}\\n${pageWidths.indexOf(widths[index]!) + 1}\\n${ids[index]}`));
  }
  // The book's manifest: each abstract's start page and its preflight verdict (blank pages of an
  // odd size: warnings).
  await bookDialog.getByText(/^Abstracts in the book/).click();
  for (const [index, id] of ids.entries()) {
    const row = bookDialog.getByRole('row').filter({ hasText: id });
    await expect(row.getByRole('cell')).toHaveText([
      id,
      String(pageWidths.indexOf(widths[index]!) + 1),
      /^Warnings: /,
      '',
    ]);
  }
});
