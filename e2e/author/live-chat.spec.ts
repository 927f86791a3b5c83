import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { apiSessionAs, submitPaperViaApi } from '../fixtures/api.ts';
import { logIn } from '../fixtures/captcha.ts';

/** The spec's 30-second polls: the live stream makes them unnecessary while it is up. */
const POLLING_ROUTES = /\/api\/(notifications\/unread-count|chat\/unread-counts)(\?|$)/;

/** Counts the polling requests a page makes from now on. */
function countPolls(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (POLLING_ROUTES.test(request.url())) seen.push(request.url());
  });
  return () => seen;
}

/** The bound: a message shows on the other side within 2 s of being sent. */
const LIVE_DELIVERY_MS = 2_000;

/**
 * Sends a message from one side and returns how long the other side took to show it (waitFor
 * watches the page continuously; an expect would poll up to a second apart).
 */
async function sendAndTime(box: Locator, otherSide: Locator, text: string): Promise<number> {
  await box.fill(text);
  const sentAt = Date.now();
  await box.press('Enter');
  await otherSide.getByText(text).waitFor({ state: 'visible', timeout: 15_000 });
  return Date.now() - sentAt;
}

test('an author and an organiser chat live: each message appears on the other side, the bell rises, no polling', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const author = await registerAuthor(await playwright.request.newContext({ baseURL }), 'Nguyễn Thị Hương');
  const paperId = await submitPaperViaApi(
    await apiSessionAs(playwright, baseURL!, author),
    author.customUserId,
    'Вихревые дорожки за нагретым цилиндром',
  );

  const authorContext = await browser.newContext({ baseURL });
  const adminContext = await browser.newContext({ baseURL });
  const authorPage = await authorContext.newPage();
  const adminPage = await adminContext.newPage();

  // Each tab's stream answers (the response event comes with its headers; the stream stays open).
  const streamUp = (page: Page) =>
    page.waitForResponse((response) => /\/api\/events$/.test(response.url()) && response.status() === 200);

  await authorPage.goto('login');
  const authorStream = streamUp(authorPage);
  await logIn(authorPage, author);
  await authorStream;
  const card = authorPage.getByTestId('paper-card');
  await expect(card).toBeVisible();
  const badge = authorPage.getByTestId('bell-badge');
  await expect(badge).toHaveCount(0);
  await card.getByRole('button', { name: /Ask Doubts/ }).click();
  const authorChat = authorPage.getByRole('dialog', { name: 'Questions and answers' });
  await expect(authorChat.getByText('Start the Conversation')).toBeVisible();

  await adminPage.goto('login');
  const adminStream = streamUp(adminPage);
  await logIn(adminPage, E2E_ADMIN);
  await adminStream;
  await adminPage.goto(`admin/paper/${paperId}`);
  await adminPage.getByRole('button', { name: 'Chat with Author' }).click();
  const adminChat = adminPage.getByRole('dialog', { name: 'Questions and answers' });
  await expect(adminChat.getByRole('textbox', { name: 'Message' })).toBeVisible();

  const authorPolls = countPolls(authorPage);
  const adminPolls = countPolls(adminPage);

  // The author asks; the organiser's open conversation shows it without a reload.
  const authorBox = authorChat.getByRole('textbox', { name: 'Message' });
  const question = await sendAndTime(authorBox, adminChat, 'Is the page limit four pages, including references?');
  expect(question, 'the question reached the organiser (ms)').toBeLessThan(LIVE_DELIVERY_MS);

  // The organiser answers; the author's conversation shows it, and the bell's count rises.
  const adminBox = adminChat.getByRole('textbox', { name: 'Message' });
  const answer = await sendAndTime(adminBox, authorChat, 'Yes — four pages in all. Chúc may mắn!');
  expect(answer, 'the answer reached the author (ms)').toBeLessThan(LIVE_DELIVERY_MS);
  await expect(badge).toHaveText('1', { timeout: LIVE_DELIVERY_MS });

  // And once more each way.
  const thanks = await sendAndTime(authorBox, adminChat, 'Thank you, dziękuję!');
  expect(thanks, 'the thanks reached the organiser (ms)').toBeLessThan(LIVE_DELIVERY_MS);

  test.info().annotations.push({
    type: 'delivery (ms)',
    description: `question ${question}, answer ${answer}, thanks ${thanks}`,
  });

  // While the streams were up, neither tab asked the polling routes.
  expect(authorPolls()).toEqual([]);
  expect(adminPolls()).toEqual([]);

  await authorContext.close();
  await adminContext.close();
});
