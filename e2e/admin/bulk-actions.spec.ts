import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { seedAuthor } from '../fixtures/dashboard-seed.ts';
import { searchPapers } from '../fixtures/list-search.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

const tag = `Bk${Date.now().toString(36)}`;
const titles = [`${tag} Plates`, `${tag} Shells`, `${tag} Beams`];

test('an organiser changes the status of every matching paper at once, and a repeat changes nothing', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const authors = [];
  for (const title of titles) {
    authors.push(
      await seedAuthor(playwright, baseURL!, `Author of ${title}`, {
        title,
        theme: 'Solid Mechanics and Dynamics',
        modeOfPresentation: 'Oral',
        firstAuthor: 'First Author',
      }),
    );
  }
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=papers');
  await searchPapers(page, tag);
  await expect(page.getByTestId('papers-found')).toHaveText('3 papers found');

  // Nothing selected: the action says what is missing.
  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByTestId('dashboard-message-error')).toHaveText(/Select at least one paper\./);

  // One ticked by hand, then everything matching.
  const card = (title: string) => page.getByTestId('admin-paper-card').filter({ hasText: title });
  await card(titles[0]!).getByRole('checkbox', { name: 'Select for bulk actions' }).check();
  await expect(page.getByTestId('bulk-selected')).toHaveText('1 selected');
  await page.getByRole('button', { name: 'Select all 3 matching' }).click();
  await expect(page.getByTestId('bulk-selected')).toHaveText('3 selected');
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeChecked();

  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await page.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await expect(dialog.getByTestId('bulk-count')).toHaveText('3 papers selected');
  await expect(dialog.getByRole('list', { name: 'Among them' })).toContainText(titles[1]!);
  // An unknown placeholder or no status: nothing is sent.
  await dialog.getByLabel('Review comments').fill('Dear {nmae}');
  await dialog.getByRole('button', { name: 'Change status of 3 papers' }).click();
  await expect(dialog.getByText('Please choose one of the five review statuses.')).toBeVisible();
  await expect(dialog.getByText(/^Unknown placeholder \{nmae\}/)).toBeVisible();
  await dialog.getByRole('radio', { name: 'Abstract Accepted' }).check();
  await dialog.getByLabel('Review comments').fill('Dear {name}, welcome to ICTACEM 2025.');
  await dialog.getByRole('button', { name: 'Change status of 3 papers' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('3 changed, 0 skipped.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  for (const title of titles) await expect(card(title).getByTestId('paper-status')).toHaveText('Abstract Accepted');
  await expect(card(titles[2]!)).toContainText(`Dear Author of ${titles[2]}, welcome to ICTACEM 2025.`);
  await expect(page.getByTestId('bulk-selected')).toHaveText('0 selected');

  // The same decision again: every paper is skipped with the reason, nothing changes.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await page.getByRole('button', { name: 'Change status' }).click();
  await dialog.getByRole('radio', { name: 'Abstract Accepted' }).check();
  await dialog.getByLabel('Review comments').fill('Dear {name}, welcome to ICTACEM 2025.');
  await dialog.getByRole('button', { name: 'Change status of 3 papers' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('0 changed, 3 skipped.');
  await expect(dialog.getByRole('list', { name: 'Skipped papers' }).getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByRole('list', { name: 'Skipped papers' })).toContainText(
    'Already in this status with the same comments.',
  );
});

test('the paper list exports what the filter matches as XLSX, and a selection as CSV', async ({
  page,
  playwright,
  baseURL,
}) => {
  const exportTag = `Ex${Date.now().toString(36)}`;
  const exportTitles = [`${exportTag} Rotor wakes`, `${exportTag} Flame holders`];
  for (const title of exportTitles) {
    await seedAuthor(playwright, baseURL!, `Writer of ${title}`, {
      title,
      theme: 'Propulsion and Combustion',
      modeOfPresentation: 'Poster (Only for Students)',
      firstAuthor: 'Lead Author',
    });
  }
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=papers');
  await searchPapers(page, exportTag);
  await expect(page.getByTestId('papers-found')).toHaveText('2 papers found');

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Spreadsheet (XLSX)' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe('ictacem2025-papers.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.getWorksheet('Papers')!;
  expect(sheet.rowCount).toBe(3);
  const titlesInSheet = [2, 3].map((row) => sheet.getRow(row).getCell(2).text).sort();
  expect(titlesInSheet).toEqual([...exportTitles].sort());
  expect(sheet.getRow(2).getCell(4).text).toBe('Poster (Only for Students)');
  expect(sheet.getRow(2).getCell(6).text).toBe('Lead Author (Institute of Mechanics)');

  const card = page.getByTestId('admin-paper-card').filter({ hasText: exportTitles[1]! });
  await card.getByRole('checkbox', { name: 'Select for bulk actions' }).check();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const csvDownload = page.waitForEvent('download');
  // Exactly: the search's random suffix may spell "csv", and its filter chip's button names it.
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${exportTitles[1]}"`);
});
