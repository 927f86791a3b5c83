import { expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { pdfPageText, pdfText } from '@server/test/poppler.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { secondEdition as conference } from '../conference.ts';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { sessionTokenOf } from '../fixtures/api.ts';
import { onlyPaperId } from '../fixtures/papers.ts';

// The main journeys once on a server running another conference from its file (playwright.config.ts,
// "second-edition"), the same build as the others: every label the test picks is read from that
// file, and no page, PDF or letter of the journey names the default conference.
const tag = Date.now().toString(36);
const author = {
  name: 'Nguyễn Thị Hương',
  email: `huong.${tag}@e2e.test`,
  password: 'huong-password-1',
  affiliation: 'Đại học Bách khoa Hà Nội',
};
const title = `Giám sát cầu dây văng bằng cảm biến quang ${tag}`;
// The last of the conference's themes and its first mode: choices the default conference does not offer.
const theme = conference.themes.at(-1)!;
const mode = conference.presentationModes[0]!;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page is this conference's: its name in the tab, the default conference's nowhere in sight. */
async function expectThisConferenceOnly(page: Page) {
  await expect(page).toHaveTitle(new RegExp(escaped(conference.shortName)));
  expect(await page.locator('body').innerText()).not.toContain(DEFAULT_CONFERENCE.acronym);
}

test('another conference: sign-up, submission, decision, programme, Book of Abstracts and letter', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  expect(conference.acronym).not.toBe(DEFAULT_CONFERENCE.acronym);
  expect(DEFAULT_CONFERENCE.themes.map(({ label }) => label)).not.toContain(theme.label);

  // Sign-up, with the conference's own account IDs.
  await page.goto('registration');
  await expectThisConferenceOnly(page);
  await page.getByLabel('Full name').fill(author.name);
  await page.getByLabel('Email').fill(author.email);
  await page.getByLabel('Password', { exact: true }).fill(author.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(author.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(new RegExp(`${escaped(conference.basePath)}/profile$`));
  await expect(page.getByTestId('welcome-username')).toHaveText(author.name);
  await expect(page.getByTestId('custom-user-id')).toHaveText(new RegExp(`^${escaped(conference.idPrefix)}`));
  await expectThisConferenceOnly(page);

  // Submission, choosing one of this conference's themes and modes.
  await page.goto('submit-paper');
  await page.getByLabel('Paper Title').fill(title);
  await page.getByLabel('Theme').selectOption({ label: theme.formLabel ?? theme.label });
  await page.getByLabel('Mode of Presentation').selectOption({ label: mode.label });
  await expectThisConferenceOnly(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill(author.name);
  await page.getByLabel('Affiliation', { exact: true }).fill(author.affiliation);
  await page.getByLabel('Address', { exact: true }).fill('Hà Nội, Việt Nam');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const abstract = await PDFDocument.create();
  abstract.addPage([595, 842]);
  await page
    .getByLabel('Extended abstract (PDF)')
    .setInputFiles({ name: 'abstract.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await abstract.save()) });
  await page.getByLabel(/I confirm that I have followed/).check();
  await expectThisConferenceOnly(page);
  await page.getByRole('button', { name: 'Submit Paper' }).click();
  await page
    .getByRole('dialog', { name: 'Submission Successful!' })
    .getByRole('link', { name: 'View My Submissions' })
    .click();
  const card = page.getByTestId('paper-card');
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await expect(card.getByTestId('paper-status')).toHaveText('Review Awaited');
  const paperId = await onlyPaperId(page);

  // The organiser's review and decision, the programme and the book: set up through the API.
  const admin = { authorization: `Bearer ${await sessionTokenOf(request, E2E_ADMIN)}` };
  const adminCall = async (method: 'get' | 'post' | 'put', path: string, data?: object) => {
    const response = await request[method](`api/admin/${path}`, { headers: admin, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response;
  };
  const review = `Một đóng góp rõ ràng cho ${conference.shortName}.`;
  await adminCall('put', `papers/${paperId}/status`, { status: 'abstract_accepted', review });
  await page.reload();
  await expect(card.getByTestId('paper-status')).toHaveText('Abstract Accepted', { timeout: 15_000 });
  await expect(card.getByText(review)).toBeVisible();
  await expectThisConferenceOnly(page);

  type Draft = { version: number; rooms: { _id: string }[]; sessions: { _id: string; title: string }[] };
  const draftOf = async (response: Promise<Awaited<ReturnType<typeof adminCall>>>) =>
    ((await (await response).json()) as { programme: Draft }).programme;
  let draft = await draftOf(adminCall('get', 'programme'));
  draft = await draftOf(
    adminCall('post', 'programme/rooms', { name: `Sala ${tag}`, capacity: 80, version: draft.version }),
  );
  const sessionTitle = `${theme.label} ${tag}`;
  draft = await draftOf(
    adminCall('post', 'programme/sessions', {
      title: sessionTitle,
      kind: 'oral',
      theme: theme.label,
      roomId: draft.rooms.at(-1)!._id,
      // The first day of the suite's conference (OPEN_DEADLINES), mid-morning on any clock: the
      // day the schedule opens on.
      startsAt: '2100-01-04T10:00:00Z',
      endsAt: '2100-01-04T11:00:00Z',
      version: draft.version,
    }),
  );
  const sessionId = draft.sessions.find((session) => session.title === sessionTitle)!._id;
  draft = await draftOf(adminCall('put', `programme/papers/${paperId}`, { sessionId, version: draft.version }));
  await adminCall('post', 'programme/publish', { version: draft.version, confirmWarnings: true });

  // The public schedule shows the talk in its session.
  await page.goto('schedule');
  await expect(page.locator(`[id="${paperId}"]`).filter({ visible: true })).toContainText(title);
  await expect(page.getByRole('main')).toContainText(sessionTitle);
  await expect(page.getByRole('main')).toContainText(`${author.name} (${author.affiliation})`);
  await expectThisConferenceOnly(page);

  // The Book of Abstracts: its title page names this conference.
  const job = (
    (await (await adminCall('post', 'jobs', { kind: 'book_of_abstracts' })).json()) as { job: { _id: string } }
  ).job;
  await expect
    .poll(
      async () =>
        ((await (await adminCall('get', `jobs/${job._id}`)).json()) as { job: { status: string } }).job.status,
      { timeout: 60_000 },
    )
    .toBe('done');
  const book = await (await adminCall('get', `jobs/${job._id}/download`)).body();
  const titlePage = await pdfPageText(book, 1);
  expect(titlePage).toContain(conference.fullName);
  expect(titlePage).toContain(conference.shortName);
  const wholeBook = await pdfText(book);
  expect(wholeBook).toContain(title);
  expect(wholeBook).not.toContain(DEFAULT_CONFERENCE.acronym);

  // The author's acceptance letter names this conference, and the author as written.
  const letterResponse = await page.request.get(`api/papers/${paperId}/letters/acceptance`);
  expect(letterResponse.ok(), await letterResponse.text()).toBe(true);
  const letter = await pdfText(await letterResponse.body());
  expect(letter).toContain(`${conference.fullName} (${conference.shortName})`);
  expect(letter).toContain(author.name);
  expect(letter).not.toContain(DEFAULT_CONFERENCE.acronym);
});
