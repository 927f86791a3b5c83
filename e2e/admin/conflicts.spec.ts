import { expect, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { sessionTokenOf } from '../fixtures/api.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { pdfFile, signInThroughApi } from '../fixtures/papers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test('an organiser reads a paper’s conflicts with the committee, lifts one with a reason and declares another', async ({
  page,
  playwright,
  baseURL,
}) => {
  // An author from IIT Bombay submits; two reviewers are invited, one of them from the same institute.
  const authorApi = await playwright.request.newContext({ baseURL });
  const author = await registerAuthor(authorApi, 'Rajesh Kumar');
  const authorToken = await sessionTokenOf(authorApi, author);
  const submitted = await authorApi.post('api/papers/submit', {
    headers: { authorization: `Bearer ${authorToken}` },
    multipart: {
      title: 'Shock-boundary layer interaction on a compression ramp',
      theme: 'Aerodynamics and Fluid Mechanics',
      modeOfPresentation: 'Oral',
      authors: JSON.stringify([
        { name: 'राजेश कुमार', affiliation: 'Dept. of Aerospace Engineering, I.I.T. Bombay', address: 'Powai, Mumbai' },
        { name: 'Nguyễn Thị Hoa', affiliation: 'Trường Đại học Bách khoa Hà Nội', address: 'Hà Nội' },
      ]),
      paperPdf: pdfFile('abstract.pdf'),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const paperId = ((await submitted.json()) as { paper: { _id: string } }).paper._id;

  const organiser = await playwright.request.newContext({ baseURL });
  const token = await sessionTokenOf(organiser, E2E_ADMIN);
  const colleague = { name: 'Priya Raman', email: `priya.${unique()}@example.org` };
  const outsider = { name: 'Ingrid Olsen', email: `ingrid.${unique()}@example.org` };
  for (const [person, affiliation] of [
    [colleague, 'Indian Institute of Technology Bombay'],
    [outsider, 'NTNU, Trondheim'],
  ] as const) {
    const invited = await organiser.post('api/admin/committee/invitations', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...person, affiliation, themes: ['Aerodynamics and Fluid Mechanics'], maxPapers: 5 },
    });
    expect(invited.status(), await invited.text()).toBe(201);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto(`admin/paper/${paperId}`);
  await page.getByRole('tab', { name: 'Committee' }).click();
  const rowOf = (email: string) => page.getByTestId('conflict-row').filter({ hasText: email });
  await expect(rowOf(colleague.email)).toContainText(
    'Same institution as an author (Dept. of Aerospace Engineering, I.I.T. Bombay)',
  );
  await expect(rowOf(colleague.email)).toContainText('Conflicted');
  await expect(rowOf(outsider.email)).toHaveCount(0);
  expect(await seriousViolations(page), 'the committee tab').toEqual([]);

  // Lifting asks why, and keeps the reason.
  await rowOf(colleague.email).getByRole('button', { name: 'Lift…' }).click();
  const lift = page.getByRole('dialog', { name: `Lift the conflict of ${colleague.name}` });
  await lift.getByRole('button', { name: 'Lift the conflict' }).click();
  await expect(lift.getByText('Please say why: the note is kept with the paper.')).toBeVisible();
  await lift.getByLabel('Reason').fill('Moved to IISc in 2021; no joint work since.');
  await lift.getByRole('button', { name: 'Lift the conflict' }).click();
  await expect(
    page.getByTestId('toast-success').filter({ hasText: `The automatic conflict of ${colleague.name} was lifted` }),
  ).toBeVisible();
  await expect(rowOf(colleague.email)).toContainText('Lifted');
  await expect(rowOf(colleague.email)).toContainText('Moved to IISc in 2021; no joint work since.');

  // A conflict the rules cannot see, declared with a note, then withdrawn; both stay in the history.
  await page.getByRole('button', { name: 'Declare a conflict' }).click();
  const declare = page.getByRole('dialog', { name: 'Declare a conflict' });
  await declare.getByLabel('Member').selectOption({ label: `${outsider.name} (${outsider.email})` });
  await declare.getByLabel('Note').fill('Examined the first author’s thesis.');
  expect(await seriousViolations(page), 'the declaration dialog').toEqual([]);
  await declare.getByRole('button', { name: 'Declare' }).click();
  await expect(rowOf(outsider.email)).toContainText('Examined the first author’s thesis.');
  await rowOf(outsider.email).getByRole('button', { name: 'Withdraw' }).click();
  await expect(rowOf(outsider.email)).toHaveCount(0);
  await page.getByText('History (2)').click();
  await expect(page.getByRole('list', { name: 'Conflict history, oldest first' })).toContainText(
    `${outsider.name}: conflict declared`,
  );

  // At a phone's width the tab still reads without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
