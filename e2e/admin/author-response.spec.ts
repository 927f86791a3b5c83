import { type Browser, expect, type Page, test } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { apiSessionAs, MINIMAL_PDF } from '../fixtures/api.ts';
import { seedAuthor } from '../fixtures/dashboard-seed.ts';
import { E2E_SMTP_PORT } from '../fixtures/ports.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

/** Every title and address carries this run's tag. */
const tag = `Ar${Date.now().toString(36)}`;
const SHOTS = 'docs/images/organiser';

// The member's invitation and the author's request arrive at this SMTP server (a site-wide spec:
// it changes a paper's review and owns the mail port while it runs).
let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

/** A separate browser (own cookies) signed in through the API, as `account`. */
async function browserAs(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signInThroughApi(page, account);
  return page;
}

/** Whether anything on the page is wider than the window (a phone scrolling sideways). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('the organiser asks for a response; the author answers the shared reviews; the member revises the mark; the organiser decides', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // Three people, four browsers, two uploads and a dozen saves: generous for a loaded 2-core host.
  test.setTimeout(180_000);
  const organiser = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);

  // A member (with a Chinese name) who accepted the invitation with a new account.
  const member = {
    name: '王晓明',
    email: `wang.${tag.toLowerCase()}@example.org`,
    password: 'a long vortex passphrase',
  };
  const invited = await organiser.post('api/admin/committee/invitations', {
    data: { name: member.name, email: member.email, themes: ['Aerodynamics and Fluid Mechanics'], maxPapers: 4 },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const memberId = ((await invited.json()) as { member: { _id: string } }).member._id;
  await expect.poll(() => smtp.inbox.find((mail) => mail.to.includes(member.email)), { timeout: 30_000 }).toBeTruthy();
  const token = /committee-invitation\/([A-Za-z0-9_-]+)/.exec(
    smtp.inbox.find((mail) => mail.to.includes(member.email))!.raw,
  )![1];
  const memberApi = await playwright.request.newContext({ baseURL });
  const accepted = await memberApi.post(`api/committee/invitations/${token}/accept`, {
    data: { password: member.password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The author (a Vietnamese name) and their paper, assigned to the member and reviewed.
  const title = `${tag} Dòng xoáy sau trụ tròn: wake of a heated cylinder`;
  const { author, paperId } = await seedAuthor(playwright, baseURL!, 'Nguyễn Thị Thu Hà', {
    title,
    theme: 'Aerodynamics and Fluid Mechanics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Nguyễn Thị Thu Hà',
  });
  const assigned = await organiser.post('api/admin/assignments', {
    data: { paperIds: [paperId], memberIds: [memberId] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const reviewComment = `Phần 3 cần so sánh với số Strouhal đo được (${tag}).`;
  const reviewed = await memberApi.post(`api/committee/reviews/${paperId}/submit`, {
    data: { mark: 62, confidence: 4, commentsToAuthors: reviewComment, confidentialComments: 'Borderline.' },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(200);

  // 1. The organiser asks for a response on the paper's page.
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto(`admin/paper/${paperId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Author Response Awaited' }).click();
  await expect(page.getByRole('button', { name: 'Author Response Awaited' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Author Response Awaited');
  await expect(page.getByTestId('paper-status')).toHaveText('Author Response Awaited');
  // The author is told by e-mail.
  await expect.poll(() => smtp.inbox.some((mail) => mail.to.includes(author.email)), { timeout: 30_000 }).toBe(true);

  // 2. The author reads the shared review, as "Reviewer 1", and writes a response.
  const authorPage = await browserAs(browser, baseURL!, author);
  await authorPage.goto('profile');
  const respond = authorPage.getByTestId('respond-to-reviews');
  await expect(respond.getByRole('heading', { name: 'Respond to the reviews' })).toBeVisible();
  const shared = respond.getByTestId('shared-review');
  await expect(shared).toHaveCount(1);
  await expect(shared).toContainText('Reviewer 1');
  await expect(shared).toContainText(reviewComment);
  await expect(shared).not.toContainText(member.name);
  const box = respond.getByLabel('Your response');
  const count = respond.getByTestId('word-count');
  await expect(count).toHaveText('0 / 500 words');
  await box.fill('Cảm ơn phản biện.');
  await expect(count).toHaveText('4 / 500 words');
  const answer = `Cảm ơn phản biện. Section 3 now compares the shedding frequency with the measured Strouhal number; the revised abstract adds the figure (${tag}).`;
  await box.fill(answer);
  await expect(count).toHaveText(/^2\d \/ 500 words$/);
  await respond.getByRole('button', { name: 'Save draft' }).click();
  await expect(authorPage.getByTestId('toast-success')).toContainText('Draft saved');
  await expect(respond.getByText(/^Draft saved /)).toBeVisible();

  // The form as the author sees it, on a desktop and on a phone (no sideways scrolling), the toast closed.
  await authorPage.getByRole('button', { name: 'Close notification' }).click();
  await expect(authorPage.getByTestId('toast-success')).toHaveCount(0);
  await respond.screenshot({ path: `${SHOTS}/author-response-1280.png` });
  await authorPage.setViewportSize({ width: 390, height: 844 });
  await expect(respond.getByRole('button', { name: 'Submit response' })).toBeVisible();
  expect(await overflowsSideways(authorPage), 'the profile at 390 px scrolls sideways').toBe(false);
  await respond.screenshot({ path: `${SHOTS}/author-response-390.png` });
  await authorPage.setViewportSize({ width: 1280, height: 900 });

  // The revised abstract, uploaded when chosen; then the response, submitted after a confirmation.
  await respond.getByLabel('Revised abstract PDF (optional)').setInputFiles({
    name: 'tóm-tắt-sửa.pdf',
    mimeType: 'application/pdf',
    buffer: MINIMAL_PDF,
  });
  await expect(respond.getByRole('link', { name: /Revised abstract: tóm-tắt-sửa\.pdf/ })).toBeVisible();
  await respond.getByRole('button', { name: 'Submit response' }).click();
  await respond.getByRole('button', { name: 'Yes, submit' }).click();
  const submitted = respond.getByTestId('submitted-response');
  await expect(submitted).toContainText(answer);
  await expect(submitted.getByRole('link', { name: /Revised abstract: tóm-tắt-sửa\.pdf/ })).toBeVisible();
  await expect(respond.getByLabel('Your response')).toHaveCount(0);
  // Back in review, the comments are taken back: listed neither in the section nor on the card.
  await expect(respond.getByTestId('shared-review')).toHaveCount(0);
  await expect(authorPage.getByTestId('reviewer-comment')).toHaveCount(0);
  await authorPage.context().close();

  // 3. The member reads the response above their review and revises the mark.
  const memberPage = await browserAs(browser, baseURL!, member);
  await memberPage.goto(`reviews/${paperId}`);
  const response = memberPage.getByTestId('author-response');
  await expect(response.getByRole('heading', { name: 'The author’s response to the reviews' })).toBeVisible();
  await expect(response).toContainText(answer);
  const revised = await memberPage.request.get(
    (await response.getByRole('link', { name: /Revised abstract/ }).getAttribute('href'))!,
  );
  expect(revised.headers()['content-type']).toBe('application/pdf');
  const mark = memberPage.getByLabel('Mark (0–100)');
  await expect(mark).toHaveValue('62');
  await mark.fill('78');
  await memberPage.getByRole('button', { name: 'Submit review' }).click();
  await expect(memberPage.getByTestId('toast-success')).toBeVisible();
  await memberPage.context().close();

  // 4. The organiser reads the earlier mark under the review, the round, and decides.
  await page.reload();
  await expect(page.getByTestId('paper-status')).toHaveText('Review in Progress');
  await page.getByRole('tab', { name: 'Committee' }).click();
  const review = page.getByTestId('paper-review').first();
  await expect(review).toContainText('78');
  await expect(review.getByTestId('earlier-marks')).toContainText('Earlier mark 62/100 (confidence 4)');
  await expect(review.getByTestId('earlier-marks')).toContainText('after the author’s response');
  const round = page.getByTestId('response-round');
  await expect(round).toHaveCount(1);
  await expect(round).toContainText('Round 1: submitted');
  await expect(round).toContainText(answer);
  await expect(round.getByRole('link', { name: /Revised abstract: tóm-tắt-sửa\.pdf/ })).toBeVisible();
  await page.getByPlaceholder('Add detailed review comments for the author...').fill('Chấp nhận. Welcome to ICTACEM.');
  await page.getByRole('button', { name: 'Abstract Accepted' }).click();
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByTestId('paper-status')).toHaveText('Abstract Accepted');
});
