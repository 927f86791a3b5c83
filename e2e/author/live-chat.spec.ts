import { expect, type Page, test } from '@playwright/test';
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
  await authorBox.fill('Is the page limit four pages, including references?');
  await authorBox.press('Enter');
  await expect(adminChat.getByText('Is the page limit four pages, including references?')).toBeVisible({
    timeout: 15_000,
  });

  // The organiser answers; the author's conversation shows it, and the bell's count rises.
  const adminBox = adminChat.getByRole('textbox', { name: 'Message' });
  await adminBox.fill('Yes — four pages in all. Chúc may mắn!');
  await adminBox.press('Enter');
  await expect(authorChat.getByText('Yes — four pages in all. Chúc may mắn!')).toBeVisible({ timeout: 15_000 });
  await expect(badge).toHaveText('1', { timeout: 15_000 });

  // And once more each way.
  await authorBox.fill('Thank you, dziękuję!');
  await authorBox.press('Enter');
  await expect(adminChat.getByText('Thank you, dziękuję!')).toBeVisible({ timeout: 15_000 });

  // While the streams were up, neither tab asked the polling routes.
  expect(authorPolls()).toEqual([]);
  expect(adminPolls()).toEqual([]);

  await authorContext.close();
  await adminContext.close();
});
