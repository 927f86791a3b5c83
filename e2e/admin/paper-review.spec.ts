import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { apiSessionAs, MINIMAL_PDF, submitPaperViaApi } from '../fixtures/api.ts';
import { logIn } from '../fixtures/captcha.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: MINIMAL_PDF });

/** A separate browser (own cookies) signed in through the login page. */
async function browserSignedInAs(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('login');
  await logIn(page, account);
  await expect(page).toHaveURL(/\/profile$/);
  return page;
}

async function authorWithPaper(
  playwright: Parameters<typeof apiSessionAs>[0],
  baseURL: string,
  username: string,
  title: string,
) {
  const author = await registerAuthor(await playwright.request.newContext({ baseURL }), username);
  const paperId = await submitPaperViaApi(await apiSessionAs(playwright, baseURL, author), author.customUserId, title);
  return { author, paperId };
}

test('an admin reviews, scores and resets an abstract; the author re-uploads; history and activity show both versions', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // Two people, two browsers and a dozen steps: 15 to 24 s on an idle 2-core machine, past 30 s
  // while the server is still starting beside the first tests.
  test.setTimeout(120_000);
  const title = 'Elastic plates under low-velocity impact';
  const { author, paperId } = await authorWithPaper(playwright, baseURL!, 'Sophie Germain', title);

  // Signed in through the API: the login form and its second step have their own spec.
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto(`admin/paper/${paperId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await expect(page.getByTestId('paper-ictacem-id')).toHaveText(author.customUserId);
  await expect(page.getByRole('link', { name: /View Abstract/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /View Full Paper/ })).toHaveCount(0);

  // Review & Status: the label of the status, and the comments, in the success text.
  await page.getByPlaceholder('Add detailed review comments for the author...').fill('Clear and well argued.');
  await page.getByRole('button', { name: 'Abstract Accepted' }).click();
  await expect(page.getByRole('button', { name: 'Abstract Accepted' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByTestId('toast-success')).toContainText(
    'Paper status updated to Abstract Accepted with review comments',
  );
  await expect(page.getByTestId('paper-status')).toHaveText('Abstract Accepted');
  await expect(page.getByTestId('current-review')).toHaveText('Clear and well argued.');
  await expect(page.getByText(/^Last updated /)).toBeVisible();

  // The tabs follow the keyboard: arrows move the selection.
  await page.getByRole('tab', { name: 'Paper Details' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Authors' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Authors' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Author One');

  // Confidential marks: 150 is refused, 85 is saved.
  await page.getByRole('tab', { name: 'Confidential Notes and Marks' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Evaluation Panel' })).toBeVisible();
  await expect(page.getByTestId('evaluation-reviewer')).toHaveText('Not reviewed');
  await page.getByRole('button', { name: 'Edit Evaluation' }).click();
  const marks = page.getByLabel('Marks (0-100)');
  await expect(marks).toHaveAttribute('min', '0');
  await expect(marks).toHaveAttribute('max', '100');
  await marks.fill('150');
  await page.getByRole('button', { name: 'Save Evaluation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Marks must be between 0 and 100' })).toBeVisible();
  await marks.fill('85');
  await page.getByLabel('Confidential comments').fill('Strong candidate for the journal issue.');
  await page.getByRole('button', { name: 'Save Evaluation' }).click();
  await expect(page.getByTestId('evaluation-marks')).toHaveText('85/100');
  await expect(page.getByTestId('evaluation-comments')).toHaveText('Strong candidate for the journal issue.');
  await expect(page.getByTestId('evaluation-reviewer')).toContainText('Reviewed by');

  // Reset the abstract with a reason; the full paper cannot be reset, there is none.
  const abstractRow = page.getByTestId('submission-row-abstract');
  await expect(abstractRow.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('submission-row-fullpaper').getByRole('button', { name: /^Reset/ })).toBeDisabled();
  await abstractRow.getByRole('button', { name: /^Reset/ }).click();
  const resetDialog = page.getByRole('dialog', { name: 'Reset Abstract Submission' });
  await resetDialog.getByLabel('Reason for the reset').fill('Please use the conference template.');
  await resetDialog.getByRole('button', { name: 'Reset Abstract' }).click();
  await expect(resetDialog).toHaveCount(0);
  await expect(page.getByTestId('toast-success').last()).toContainText(/reset/i);
  await expect(abstractRow.getByText('Not Submitted')).toBeVisible();
  await expect(abstractRow.getByRole('button', { name: /^Restore/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /View Abstract/ })).toHaveCount(0);

  // The author, in a browser of their own, is asked for a new abstract and sends it.
  const authorPage = await browserSignedInAs(browser, baseURL!, author);
  const card = authorPage.getByTestId('paper-card');
  // A new browser's first signed-in page: on a loaded 2-core host its papers took over 5 s.
  await expect(card.getByRole('heading', { name: 'Please upload a new abstract' })).toBeVisible({ timeout: 15_000 });
  await card.getByLabel('New abstract PDF').setInputFiles(pdf('abstract-v2.pdf'));
  await card.getByRole('button', { name: 'Upload New Abstract' }).click();
  await expect(authorPage.getByTestId('toast-success')).toContainText('Abstract re-uploaded successfully!');
  await expect(card.getByRole('heading', { name: 'Please upload a new abstract' })).toHaveCount(0);
  await authorPage.context().close();

  // Back as the admin: both versions in the history, the reset one with its reason.
  await page.reload();
  await expect(page.getByTestId('submission-row-abstract').getByText('Submitted', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submission History' }).click();
  const history = page.getByRole('dialog', { name: 'Submission History' });
  await expect(history.getByText(title)).toBeVisible();
  await expect(history.getByRole('heading', { name: 'Complete Timeline' })).toBeVisible();
  const entries = history.getByTestId('history-entry');
  const first = entries.filter({ hasText: 'Version 1' });
  // Replaced by the re-upload: Superseded, still saying who reset it and why.
  await expect(first.getByTestId('history-status')).toHaveText('Superseded');
  await expect(first.getByText('Reset by Administrator')).toBeVisible();
  await expect(first.getByText('Please use the conference template.')).toBeVisible();
  const second = entries.filter({ hasText: 'Version 2' });
  await expect(second.getByTestId('history-status')).toHaveText('Current');
  await expect(second).toContainText('abstract-v2.pdf');
  const viewPdf = second.getByRole('link', { name: /View PDF/ });
  await expect(viewPdf).toHaveAttribute('target', '_blank');
  const file = await page.request.get((await viewPdf.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  // The author's page: their paper and the activity, newest first.
  await page.getByRole('tab', { name: 'Communicating Author' }).click();
  await page.getByRole('link', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(/\/admin\/user\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sophie Germain' })).toBeVisible();
  await expect(page.getByTestId('user-initials')).toHaveText('SG');
  await page.getByRole('tab', { name: 'Papers' }).click();
  await expect(page.getByRole('heading', { name: 'Submitted Papers (1)' })).toBeVisible();
  await expect(page.getByTestId('user-paper-card')).toContainText(title);
  await page.getByRole('tab', { name: 'Activity' }).click();
  const activity = page.getByTestId('activity-event');
  await expect(activity.filter({ hasText: `Abstract Re-uploaded: ${title}` })).toContainText('Version 2');
  await expect(activity.filter({ hasText: `Abstract Submitted: ${title}` })).toBeVisible();
  await expect(activity.first()).toContainText(`Abstract Re-uploaded: ${title}`);
  await expect(activity.last()).toContainText('Account Created');
  await expect(activity.last()).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)/);
});

test('authors and visitors are kept out of the admin area', async ({ page, playwright, baseURL }) => {
  const { author, paperId } = await authorWithPaper(
    playwright,
    baseURL!,
    'Mary Somerville',
    'Tidal forcing of shallow basins',
  );

  await page.goto('admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByTestId('access-debug')).toContainText('Authenticated:no');

  await page.goto('login');
  await logIn(page, author);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin area.")).toBeVisible();
  const debug = page.getByTestId('access-debug');
  await expect(debug).toContainText('Authenticated:yes');
  await expect(debug).toContainText('User present:yes');
  await expect(debug).toContainText('Role:author');

  await page.goto(`admin/paper/${paperId}`);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.goto(`admin/user/${paperId}`);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL(/\/ictacem2025\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ICTACEM 2025');
});

test('an admin file stays hidden from the author until it is shared, and can be deleted', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const { author, paperId } = await authorWithPaper(
    playwright,
    baseURL!,
    'Hertha Ayrton',
    'Sand ripples under oscillating flow',
  );

  // Signed in through the API: the login form and its second step have their own spec.
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto(`admin/paper/${paperId}`);
  await expect(page.getByText('No admin files uploaded yet')).toBeVisible();
  await expect(page.getByText('Upload additional documents, revisions, or notes for this paper')).toBeVisible();

  await page.getByRole('button', { name: 'Upload File' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload File' });
  const submit = upload.getByRole('button', { name: 'Upload', exact: true });
  await submit.click();
  await expect(upload.getByText('Please select a file to upload.')).toBeVisible();
  const picker = upload.getByLabel('File (PDF)');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
  await expect(upload.getByText('Please select a PDF file only.')).toBeVisible();
  await picker.setInputFiles(pdf('reviewer-notes.pdf'));
  await upload.getByLabel('Description (optional)').fill('Comments from the second reviewer');
  const visible = upload.getByLabel(/Visible to the author/);
  await expect(visible).toBeChecked();
  await visible.uncheck();
  await submit.click();
  await expect(page.getByTestId('toast-success')).toContainText('File uploaded successfully');
  await expect(upload).toHaveCount(0);

  const file = page.getByTestId('admin-file');
  await expect(file).toContainText('reviewer-notes.pdf');
  await expect(file).toContainText('review comment file');
  await expect(file).toContainText('Comments from the second reviewer');
  await expect(file.getByTestId('admin-file-visibility')).toHaveText('Admin only');

  const authorPage = await browserSignedInAs(browser, baseURL!, author);
  const card = authorPage.getByTestId('paper-card');
  await expect(card.getByRole('heading', { name: 'Sand ripples under oscillating flow' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Documents from the Organizers' })).toHaveCount(0);
  await expect(card).not.toContainText('reviewer-notes.pdf');

  await file.getByRole('switch', { name: /Visible to user/ }).click();
  await expect(file.getByTestId('admin-file-visibility')).toHaveText('Visible to user');
  await expect(file.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  await authorPage.reload();
  await expect(card.getByRole('heading', { name: 'Documents from the Organizers' })).toBeVisible();
  await expect(card).toContainText('reviewer-notes.pdf');
  await authorPage.context().close();

  // Deleting asks first; Cancel keeps the file.
  await file.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete File' });
  await expect(confirm.getByText('Are you sure you want to delete this file?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(file).toHaveCount(1);
  await file.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('File deleted successfully.');
  await expect(page.getByText('No admin files uploaded yet')).toBeVisible();
});
