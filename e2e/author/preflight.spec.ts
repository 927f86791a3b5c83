import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { searchPapers } from '../fixtures/list-search.ts';
import { onlyPaperId, signInThroughApi } from '../fixtures/papers.ts';

const SHOTS = 'docs/images/organiser';
const tag = `Pf${Date.now().toString(36)}`;
const title = `${tag} Dòng chảy rối quanh cánh quạt — przepływ turbulentny`;

/** A PDF of the preflight corpus (scripts/make-preflight-corpus.ts), as the author's browser picks it. */
const corpusPdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: readFileSync(`src/server/modules/preflight/fixtures/${name}`),
});

/** A full-page picture for the organiser's guide, from the top (the header is sticky). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

test.describe.configure({ mode: 'serial' });

let paperId = '';

test('the wizard shows the PDF check before Submit: a script is refused, a font not embedded is a warning', async ({
  page,
  request,
}) => {
  const author = await registerAuthor(request, 'Nguyễn Thị Minh Khai');
  await signInThroughApi(page, author);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('submit-paper');

  await page.getByLabel('Paper Title').fill(title);
  await page.getByLabel('Theme').selectOption({ label: 'Aerodymanics and Fluid Mechanics' });
  await page.getByLabel('Mode of Presentation').selectOption('Oral');
  await nextButton(page).click();
  await expect(page.getByRole('heading', { name: /Authors/ })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Nguyễn Thị Minh Khai');
  await page.getByLabel('Affiliation', { exact: true }).fill('Politechnika Łódzka');
  await page.getByLabel('Address', { exact: true }).fill('Łódź, Polska');
  await nextButton(page).click();
  await expect(page.getByRole('heading', { name: /Upload & Submit/ })).toBeVisible();

  const picker = page.getByLabel('Extended abstract (PDF)');
  const report = page.getByTestId('preflight-report');
  const submit = page.getByRole('button', { name: 'Submit Paper' });
  await page.getByLabel(/I confirm that I have followed/).check();

  // JavaScript: the report says it cannot be submitted, and the server refuses it if tried.
  await picker.setInputFiles(corpusPdf('javascript.pdf'));
  await expect(report.getByRole('heading')).toHaveText('PDF check: this file cannot be submitted');
  await expect(report.getByRole('listitem')).toContainText([
    /Refused\s*This PDF contains JavaScript\. Please export it again without scripts or interactive content\./,
  ]);
  await submit.click();
  await expect(page.getByTestId('toast-error')).toContainText('This PDF contains JavaScript.');
  // As on any refusal by the server, the wizard is back at its first step, every field kept.
  await expect(page.getByRole('heading', { name: /Paper Details/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Submission Successful!' })).toHaveCount(0);
  const none = await page.request.get('api/papers/user');
  expect(await none.json()).toEqual([]);
  await expect(page.getByLabel('Paper Title')).toHaveValue(title);
  await nextButton(page).click();
  await expect(page.getByRole('heading', { name: /Authors/ })).toBeVisible();
  await nextButton(page).click();
  await expect(page.getByRole('heading', { name: /Upload & Submit/ })).toBeVisible();
  await expect(page.getByTestId('chosen-file')).toContainText('javascript.pdf');
  await expect(report.getByRole('heading')).toHaveText('PDF check: this file cannot be submitted');
  // Error toasts stay until closed (only success toasts go by themselves): close it for the pictures.
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) await close.first().click();

  // A font not embedded: a warning naming it, and submitting stays open.
  await picker.setInputFiles(corpusPdf('not-embedded.pdf'));
  await expect(report.getByRole('heading')).toHaveText('PDF check: you can submit, but please read the warnings');
  await expect(report.getByRole('listitem').first()).toContainText(
    'A font is not embedded: Helvetica. A printer may refuse the file; please export it with all fonts embedded.',
  );
  await expect(report.getByRole('listitem').first()).toContainText('Warning');
  await expect(report).toContainText('1 (1 not embedded)');
  await expect(report.getByRole('definition').nth(1)).toHaveText('A4, 1 page');
  await shot(page, 'preflight-wizard-warning-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(report).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'preflight-wizard-warning-390');

  await submit.click();
  const success = page.getByRole('dialog', { name: 'Submission Successful!' });
  await expect(success).toBeVisible();
  paperId = await onlyPaperId(page);
});

test("the organiser reads the check on the paper page and finds the paper with the list's Preflight filter", async ({
  page,
}) => {
  expect(paperId).not.toBe('');
  await signInThroughApi(page, E2E_ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`admin/paper/${paperId}`);
  const panel = page.getByTestId('paper-preflight');
  await expect(panel.getByRole('heading', { name: 'Preflight' })).toBeVisible();
  const abstract = panel.getByRole('region', { name: 'Abstract' });
  await expect(abstract.getByRole('heading')).toHaveText('Abstract: Warnings');
  await expect(abstract).toContainText('A font is not embedded: Helvetica.');
  await expect(panel).toContainText('use Reset under Submission');
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${SHOTS}/preflight-paper-page-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(abstract).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await panel.screenshot({ path: `${SHOTS}/preflight-paper-page-390.png` });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('admin?section=papers');
  await searchPapers(page, tag);
  await expect(page.getByTestId('papers-found')).toHaveText('1 paper found');
  const preflight = page.getByLabel('Preflight', { exact: true });
  await preflight.selectOption({ label: 'Passed' });
  await expect(page.getByTestId('papers-found')).toHaveText('0 papers found');
  await preflight.selectOption({ label: 'Warnings' });
  await expect(page.getByTestId('papers-found')).toHaveText('1 paper found');
  const card = page.getByTestId('admin-paper-card');
  await expect(card.getByTestId('preflight-verdict')).toHaveText('Warnings');
  await shot(page, 'preflight-paper-list-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  const filters = page.getByRole('button', { name: /^Filters/ });
  if ((await filters.getAttribute('aria-expanded')) === 'false') await filters.click();
  await expect(preflight).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'preflight-paper-list-390');
});
