import { expect, type Page, test } from '@playwright/test';
import { registerAuthor } from '../fixtures/accounts.ts';
import { logIn } from '../fixtures/captcha.ts';
import {
  onlyPaperId,
  PDF_BYTES,
  pdfFile,
  setPaperStatusAsAdmin,
  signInThroughApi,
  submitPaperThroughApi,
} from '../fixtures/papers.ts';

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

async function fillPaperDetails(page: Page, title: string) {
  await page.getByLabel('Paper Title').fill(title);
  await page.getByLabel('Theme').selectOption({ label: 'Aerodymanics and Fluid Mechanics' });
  await page.getByLabel('Mode of Presentation').selectOption('Oral');
}

async function fillAuthor(page: Page, index: number, author: { name: string; affiliation: string; address: string }) {
  await page.getByLabel('Name', { exact: true }).nth(index).fill(author.name);
  await page.getByLabel('Affiliation', { exact: true }).nth(index).fill(author.affiliation);
  await page.getByLabel('Address', { exact: true }).nth(index).fill(author.address);
}

test('an author submits, is accepted, enters a payment ID and submits the full paper', async ({ page, request }) => {
  const author = await registerAuthor(request, 'Ada Lovelace');
  await page.goto('submit');
  await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
  await logIn(page, author);
  // The entry page's Login brings the author straight to the wizard.
  await expect(page).toHaveURL(/\/submit-paper$/);

  await expect(page.getByRole('heading', { name: /Paper Details/ })).toBeVisible();
  await expect(page.getByLabel('ICTACEM ID')).toHaveValue(author.customUserId);
  await fillPaperDetails(page, 'Vortex shedding behind a heated cylinder');
  await nextButton(page).click();

  await expect(page.getByRole('heading', { name: /Authors/ })).toBeVisible();
  await expect(page.getByText('Primary Author')).toBeVisible();
  await fillAuthor(page, 0, { name: 'Ada Lovelace', affiliation: 'Analytical Engine Society', address: 'London, UK' });
  await page.getByRole('button', { name: '+ Add Author' }).click();
  await fillAuthor(page, 1, { name: 'Charles Babbage', affiliation: 'Cambridge University', address: 'Cambridge, UK' });
  await nextButton(page).click();

  await expect(page.getByRole('heading', { name: /Upload & Submit/ })).toBeVisible();
  await page.getByLabel('Extended abstract (PDF)').setInputFiles(pdfFile('abstract.pdf'));
  await expect(page.getByTestId('chosen-file')).toContainText('abstract.pdf');
  await page.getByLabel(/I confirm that I have followed/).check();
  await page.getByRole('button', { name: 'Submit Paper' }).click();

  const success = page.getByRole('dialog', { name: 'Submission Successful!' });
  await expect(success).toBeVisible();
  await success.getByRole('link', { name: 'View My Submissions' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const card = page.getByTestId('paper-card');
  await expect(card.getByRole('heading', { name: 'Vortex shedding behind a heated cylinder' })).toBeVisible();
  await expect(card.getByTestId('paper-status')).toHaveText('Review Awaited');
  await expect(card.getByText('Charles Babbage')).toBeVisible();
  await expect(card.getByTestId('paper-ictacem-id')).toHaveText(author.customUserId);
  await expect(page.getByTestId('paper-count')).toHaveText('1');
  await expect(card.getByRole('link', { name: /View Abstract/ })).toBeVisible();

  const paperId = await onlyPaperId(page);
  await setPaperStatusAsAdmin(request, paperId, 'abstract_accepted', 'Well done');
  await page.reload();

  // The papers after a reload: on a loaded 2-core host they took over 5 s.
  await expect(card.getByTestId('paper-status')).toHaveText('Abstract Accepted', { timeout: 15_000 });
  await expect(card.getByText('Well done')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Submit Full Paper' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Please enter a valid payment ID')).toBeVisible();
  await card.getByLabel('Payment ID').fill('PAY-2025-000123');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast-success')).toContainText(
    'Payment ID PAY-2025-000123 has been successfully added to your paper.',
  );
  await expect(card.getByTestId('payment-id')).toHaveText('PAY-2025-000123');
  await expect(card.getByTestId('payment-id')).toHaveAttribute('data-highlighted', 'true');

  const offer = page.getByRole('dialog', { name: 'Payment ID Saved' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Yes, Submit Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/submit-full-paper/${paperId}$`));

  const main = page.getByRole('main');
  await expect(main.getByText('Vortex shedding behind a heated cylinder')).toBeVisible();
  await expect(main.getByText('PAY-2025-000123', { exact: true })).toBeVisible();
  await expect(page.getByText(/submission is final/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit Full Paper' }).click();
  await expect(page.getByText('Please select a PDF file', { exact: true })).toBeVisible();
  const picker = page.getByLabel('Full-length paper (PDF)');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await expect(page.getByText('Only PDF files are allowed')).toBeVisible();
  await picker.setInputFiles(pdfFile('full-paper.pdf'));
  await expect(page.getByTestId('chosen-file')).toContainText('full-paper.pdf');
  await expect(page.getByTestId('chosen-file')).toContainText(`(${PDF_BYTES.length} B)`);
  await page.getByRole('button', { name: 'Submit Full Paper' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Full paper submitted successfully!');
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });

  await expect(card.getByRole('link', { name: /View Full Paper/ })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Submit Full Paper' })).toHaveCount(0);
  await expect(card.getByLabel('Payment ID')).toHaveCount(0);
});

test("the wizard's Next and Submit refuse what is incomplete, with the spec texts", async ({ page, request }) => {
  const author = await registerAuthor(request);
  await signInThroughApi(page, author);
  await page.goto('submit-paper');

  await page.getByLabel('Paper Title').fill('Only a title');
  await nextButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Please complete all fields before proceeding');
  await expect(page.getByRole('heading', { name: /Paper Details/ })).toBeVisible();
  await expect(page.getByLabel('Theme')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Theme')).toBeFocused();

  await fillPaperDetails(page, 'Only a title');
  await nextButton(page).click();
  await expect(page.getByRole('heading', { name: /Authors/ })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Emmy Noether');
  await nextButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Please complete all author fields before proceeding');

  // Authors come and go, but never fewer than one.
  await expect(page.getByRole('button', { name: /Remove Author/ })).toHaveCount(0);
  await page.getByRole('button', { name: '+ Add Author' }).click();
  await expect(page.getByRole('main').getByRole('group')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Author 2' }).click();
  await expect(page.getByRole('main').getByRole('group')).toHaveCount(1);
  await expect(page.getByRole('button', { name: '+ Add Author' })).toBeFocused();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel('Paper Title')).toHaveValue('Only a title');
  await nextButton(page).click();
  await fillAuthor(page, 0, { name: 'Emmy Noether', affiliation: 'Erlangen', address: 'Bavaria' });
  await nextButton(page).click();

  const submit = page.getByRole('button', { name: 'Submit Paper' });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('All fields are required');
  await page
    .getByLabel('Extended abstract (PDF)')
    .setInputFiles({ name: 'abstract.docx', mimeType: 'application/msword', buffer: Buffer.from('doc') });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Only PDF files are allowed');
  await page.getByLabel('Extended abstract (PDF)').setInputFiles(pdfFile('abstract.pdf'));
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please confirm that you followed the abstract format and guidelines',
  );
});

test('after a first paper the wizard shows Submission Limit Reached', async ({ page, request }) => {
  const author = await registerAuthor(request);
  await signInThroughApi(page, author);
  await submitPaperThroughApi(page, { title: 'The first and only paper', ictacemId: author.customUserId });

  await page.goto('submit-paper');
  await expect(page.getByRole('heading', { name: 'Submission Limit Reached' })).toBeVisible();
  await expect(page.getByText('You have reached the maximum limit of 1 paper submission.')).toBeVisible();
  await page.getByRole('link', { name: 'View My Submissions' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('paper-card')).toHaveCount(1);
});

test('signed out, the wizard asks for login and comes back after it', async ({ page, request }) => {
  const author = await registerAuthor(request);
  await page.goto('submit-paper');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please login to submit your paper')).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, author);
  await expect(page).toHaveURL(/\/submit-paper$/);
  await expect(page.getByRole('heading', { name: /Paper Details/ })).toBeVisible();
});

test('the profile shows the empty state, and an unknown paper shows Paper Not Found', async ({ page, request }) => {
  const author = await registerAuthor(request);
  await signInThroughApi(page, author);
  await page.goto('profile');
  await expect(page.getByRole('heading', { name: 'Your Papers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No papers submitted yet' })).toBeVisible();
  await expect(page.getByTestId('paper-count')).toHaveText('0');

  await page.goto('submit-full-paper/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Paper Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
