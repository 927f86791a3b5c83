import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { apiSessionAs } from '../fixtures/api.ts';
import { recordPayment, seedAuthor, setStatus } from '../fixtures/dashboard-seed.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

const tag = `Lt${Date.now().toString(36)}`;
const title = `${tag} Vortex shedding behind a heated cylinder`;

/** Clicks what starts a download and reads the PDF: its file name and the verification code its subject ends with. */
async function downloadLetter(page: Page, link: Locator) {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  const pdf = await PDFDocument.load(await readFile((await file.path())!), { updateMetadata: false });
  const code = /verification code (\S+)$/.exec(pdf.getSubject() ?? '')?.[1];
  expect(code, 'the letter names its verification code').toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
  return { fileName: file.suggestedFilename(), code: code! };
}

async function signInAs(page: Page, account: { email: string; password: string; totpSecret?: string }) {
  await page.context().clearCookies();
  await signInThroughApi(page, account);
}

test('an accepted, paid author downloads the acceptance letter, gets a visa letter approved, and both verify', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { author, session, paperId } = await seedAuthor(playwright, baseURL!, `Author of ${tag}`, {
    title,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Priya Sharma',
  });
  const admin = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  await setStatus(admin, paperId!, 'abstract_accepted');
  await recordPayment(session, paperId!, `PAY-${tag}`);

  // The author's profile: the acceptance letter, then a visa letter request.
  await signInAs(page, author);
  await page.goto('profile');
  const card = page.getByTestId('paper-card');
  const acceptance = await downloadLetter(page, card.getByRole('link', { name: /^Acceptance letter/ }));
  expect(acceptance.fileName).toMatch(/_acceptance_letter\.pdf$/);

  const letters = card.getByRole('region', { name: 'Visa invitation letter' });
  await letters.getByRole('button', { name: 'Request a visa invitation letter' }).click();
  const form = letters.getByRole('form', { name: 'Visa invitation letter request' });
  await form.getByLabel('Full name as in passport').fill('Priya Sharma');
  await form.getByLabel('Nationality').fill('Indian');
  await form.getByLabel('Passport number').fill('AB-1');
  await form.getByLabel('Date of birth').fill('1990-03-05');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Enter the passport number as printed: 5 to 20 letters and digits.')).toBeVisible();
  await form.getByLabel('Passport number').fill('z 1234 5678');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(letters.getByTestId('visa-request-state')).toContainText('Pending review');
  await expect(letters.getByTestId('visa-request-state')).toContainText('Z12345678');

  // The organiser approves it from the Visa requests page, reached from the dashboard.
  await signInAs(page, E2E_ADMIN);
  await page.goto('admin');
  await page.getByRole('link', { name: 'Visa requests' }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { name: 'Visa requests', level: 1 })).toBeVisible();
  const request = page.getByTestId('visa-request').filter({ hasText: title });
  await expect(request).toContainText('Pending review');
  await expect(request).toContainText('Z12345678');
  await expect(request).toContainText('1990-03-05');
  await request.getByRole('button', { name: /^Approve/ }).click();
  await expect(request).toContainText(/Approved by/);
  await expect(request.getByRole('link', { name: /^Visa letter/ })).toBeVisible();

  // The author downloads the visa letter.
  await signInAs(page, author);
  await page.goto('profile');
  const state = card.getByTestId('visa-request-state');
  await expect(state).toContainText('Approved');
  const visa = await downloadLetter(page, state.getByRole('link', { name: 'Download visa invitation letter' }));
  expect(visa.fileName).toMatch(/_visa_invitation_letter\.pdf$/);
  expect(visa.code).not.toBe(acceptance.code);

  // Anyone can check either code, typed carelessly or opened from the letter's address.
  await page.context().clearCookies();
  await page.goto('verify-letter');
  await page.getByLabel('Verification code').fill('   ');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter the verification code printed on the letter.')).toBeVisible();
  // Still the form's own page: before the page is live the browser sends the blank code itself (?code=).
  await expect(page).toHaveURL(/\/verify-letter(\?code=\+*)?$/);
  await page.getByLabel('Verification code').fill(acceptance.code.toLowerCase().replaceAll('-', ' '));
  await page.getByRole('button', { name: 'Verify' }).click();
  const verdict = page.getByTestId('letter-verdict');
  await expect(verdict).toContainText('This is a genuine acceptance letter.');
  await expect(verdict).toContainText('Priya Sharma');
  await expect(verdict).toContainText(title);

  await page.goto(`verify-letter/${visa.code}`);
  await expect(verdict).toContainText('This is a genuine visa invitation letter.');
  await expect(verdict).toContainText('Priya Sharma');
  await expect(verdict).not.toContainText('Z12345678');

  await page.getByLabel('Verification code').fill('0000-0000-0000-0000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText('No letter has this verification code.');
});
