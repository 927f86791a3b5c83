import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { apiSessionAs, MINIMAL_PDF } from '../fixtures/api.ts';
import { seedAuthor, setMarks, setStatus } from '../fixtures/dashboard-seed.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

/** Every title carries this run's tag. */
const tag = `Ri${Date.now().toString(36)}`;

/** The number a stat card shows. */
async function cardValue(page: Page, label: string): Promise<number> {
  const card = page.getByTestId('stat-card').filter({ has: page.getByText(label, { exact: true }) });
  return Number((await card.locator('p').nth(1).innerText()).replace(/[^\d]/g, ''));
}

/** The M of "Showing 1 to N of M results". */
async function listTotal(range: Locator): Promise<number> {
  await expect(range).toHaveText(/of \d+ results/);
  return Number(/of (\d+) results/.exec(await range.innerText())![1]);
}

/** The admin's own paper (submitted once; a retried run finds it). */
async function adminOwnPaper(admin: APIRequestContext): Promise<string> {
  const existing = (await (await admin.get('api/papers/user')).json()) as { _id: string }[];
  if (existing[0]) return existing[0]._id;
  const profile = (await (await admin.get('api/auth/profile')).json()) as { user: { customUserId: string } };
  const response = await admin.post('api/papers/submit', {
    multipart: {
      title: `${tag} The chair's own paper`,
      theme: 'Solid Mechanics and Dynamics',
      ictacemId: profile.user.customUserId,
      modeOfPresentation: 'Oral',
      authors: JSON.stringify([{ name: 'Chair Person', affiliation: 'Organising Committee', address: 'Kharagpur' }]),
      paperPdf: { name: 'abstract.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { paper: { _id: string } }).paper._id;
}

test('cards, chips and tables agree with an admin-owned paper, and a decision shows on the very next load', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  await adminOwnPaper(admin);
  const waiting = await seedAuthor(playwright, baseURL!, `${tag} Ines`, {
    title: `${tag} Sloshing in tanks`,
    theme: 'Aerodynamics and Fluid Mechanics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Ines Duarte',
  });
  await seedAuthor(playwright, baseURL!, `${tag} Jon`);
  await signInThroughApi(page, E2E_ADMIN);

  await page.goto('admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Overview & Analytics' })).toBeVisible();
  const accepted = await cardValue(page, 'Accepted');
  const totalUsers = await cardValue(page, 'Total Users');
  const totalPapers = await cardValue(page, 'Total Papers');

  // Evaluation view: the cards are the totals of the list under each filter, the admin's paper included.
  const views = page.getByRole('tablist', { name: 'Dashboard views' });
  await views.getByRole('tab', { name: 'Evaluation' }).click();
  const range = page.getByTestId('showing-range');
  const submissions = await cardValue(page, 'Total Submissions');
  const none = await cardValue(page, 'No Submissions');
  expect(submissions).toBe(totalPapers);
  expect(submissions + none).toBe(totalUsers);
  expect(await listTotal(range)).toBe(submissions + none);
  const pending = await cardValue(page, 'Pending');
  await page.getByRole('combobox', { name: 'Filter' }).selectOption({ label: 'Pending Only' });
  await expect(range).toHaveText(new RegExp(`of ${pending} results`));
  await page.getByRole('combobox', { name: 'Filter' }).selectOption({ label: 'All' });
  await page.getByPlaceholder('Search by user name, email, ID, or paper title...').fill(`${tag} The chair`);
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  await expect(page.getByTestId('record-row')).toContainText(`${tag} The chair's own paper`);

  // A decision made elsewhere shows on the very next load, not seconds later.
  await setStatus(admin, waiting.paperId!, 'abstract_accepted', 'Welcome.');
  await page.goto('admin');
  await expect(
    page.getByTestId('stat-card').filter({ has: page.getByText('Accepted', { exact: true }) }),
  ).toContainText(String(accepted + 1));
});

test('a typo in the marks field shows a field error and keeps the saved score; a restore tells the author', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const author = await seedAuthor(playwright, baseURL!, `${tag} Kai`, {
    title: `${tag} Creep of turbine blades`,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Kai Lindqvist',
  });
  const paperId = author.paperId!;
  await setMarks(admin, paperId, 85);
  await signInThroughApi(page, E2E_ADMIN);

  await page.goto(`admin/paper/${paperId}`);
  await page.getByRole('tab', { name: 'Confidential Notes and Marks' }).click();
  await expect(page.getByTestId('evaluation-marks')).toContainText('85');
  for (const typo of ['e', '1e', '-']) {
    await page.getByRole('button', { name: 'Edit Evaluation' }).click();
    const marks = page.getByLabel('Marks (0-100)');
    await marks.clear();
    await marks.pressSequentially(typo);
    await page.getByRole('button', { name: 'Save Evaluation' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Marks must be a whole number from 0 to 100' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('evaluation-marks')).toContainText('85');
  }
  // An emptied field over saved marks is not a way to erase them either.
  await page.getByRole('button', { name: 'Edit Evaluation' }).click();
  await page.getByLabel('Marks (0-100)').clear();
  await page.getByRole('button', { name: 'Save Evaluation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Clear marks' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const stored = (await (await admin.get(`api/admin/papers/${paperId}/evaluation`)).json()) as {
    evaluation: { marks: number };
  };
  expect(stored.evaluation.marks).toBe(85);

  // Reset and restore the abstract in the browser; the timeline records both.
  const abstractRow = page.getByTestId('submission-row-abstract');
  await abstractRow.getByRole('button', { name: /^Reset/ }).click();
  const resetDialog = page.getByRole('dialog', { name: 'Reset Abstract Submission' });
  await resetDialog.getByLabel('Reason for the reset').fill('Wrong template');
  await resetDialog.getByRole('button', { name: 'Reset Abstract' }).click();
  await expect(abstractRow.getByText('Not Submitted')).toBeVisible();
  await abstractRow.getByRole('button', { name: /^Restore/ }).click();
  await expect(abstractRow.getByText('Submitted', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline-entry').last()).toHaveAttribute('data-action', 'abstract_restore');
  await expect(page.getByTestId('paper-timeline')).toContainText('Abstract reset');
  await expect(page.getByTestId('paper-timeline')).toContainText('“Wrong template”');

  // The author's notifications say so, the restore last.
  const notes = (await (await author.session.get('api/notifications?page=1&limit=5')).json()) as {
    data: { notifications: { title: string }[] };
  };
  expect(notes.data.notifications[0]!.title).toMatch(/^Abstract restored: /);
});
