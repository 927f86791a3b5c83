import { expect, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { apiSessionAs, MINIMAL_PDF, submitPaperViaApi } from '../fixtures/api.ts';
import { logIn } from '../fixtures/captcha.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

test('author and reviewer exchange messages with attachments; badges rise and fall; markup stays text', async ({
  page,
  playwright,
  baseURL,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const author = await registerAuthor(await playwright.request.newContext({ baseURL }), 'Katherine Johnson');
  const authorApi = await apiSessionAs(playwright, baseURL!, author);
  const adminApi = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const paperId = await submitPaperViaApi(authorApi, author.customUserId, 'Trajectories of re-entry capsules');

  const sent = await adminApi.post(`api/chat/papers/${paperId}/messages`, {
    multipart: {
      message: 'Please send the mesh study.',
      attachments: { name: 'guidelines.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF },
    },
  });
  expect(sent.status()).toBe(201);

  await page.goto('login');
  await logIn(page, author);
  const card = page.getByTestId('paper-card');
  await expect(card.getByTestId('chat-unread-badge')).toHaveText(/^1/);
  await expect(page).toHaveTitle('(1) ICTACEM 2025 Profile');

  await card.getByRole('button', { name: /Ask Doubts/ }).click();
  const chat = page.getByRole('dialog', { name: 'Questions and answers' });
  await expect(chat.getByText('Please send the mesh study.')).toBeVisible();
  await expect(chat.getByText(/^Reviewer ·/)).toBeVisible();
  const view = chat.getByRole('link', { name: 'View' });
  await expect(view).toHaveAttribute('target', '_blank');
  const attachment = await page.request.get((await view.getAttribute('href')) as string);
  expect(attachment.headers()['content-type']).toBe('application/pdf');

  // Enter sends, Shift+Enter adds a line; the payload is shown as text and runs nothing.
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('<img src=x onerror=alert(1)>');
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await chat.locator('input[type=file]').setInputFiles({ name: 'plot.png', mimeType: 'image/png', buffer: PNG });
  await box.press('Enter');
  const mine = chat.getByTestId('chat-message').filter({ hasText: 'second line' });
  await expect(mine).toContainText('<img src=x onerror=alert(1)>');
  await expect(mine.getByText('plot.png')).toBeVisible();
  await expect(box).toHaveValue('');
  expect(await mine.locator('img').count()).toBe(0);

  await chat.getByRole('button', { name: 'Close chat' }).click();
  await expect(chat).toHaveCount(0);
  await expect(card.getByTestId('chat-unread-badge')).toHaveCount(0);
  await expect(page).toHaveTitle('ICTACEM 2025 Profile');

  const adminUnread = await (await adminApi.get('api/chat/unread-counts')).json();
  expect(adminUnread.unreadSummary).toContainEqual({ paperId, unreadCount: 1 });
  const adminRead = await (await adminApi.get(`api/chat/papers/${paperId}/messages`)).json();
  expect(adminRead.messages.at(-1).message).toBe('<img src=x onerror=alert(1)>\nsecond line');
  expect((await (await adminApi.get('api/chat/unread-counts')).json()).unreadSummary).not.toContainEqual(
    expect.objectContaining({ paperId }),
  );
  expect(dialogs).toEqual([]);
});

test('the chat refuses empty messages, a sixth file and other types before sending', async ({
  page,
  playwright,
  baseURL,
}) => {
  const author = await registerAuthor(await playwright.request.newContext({ baseURL }));
  await submitPaperViaApi(await apiSessionAs(playwright, baseURL!, author), author.customUserId);
  await page.goto('login');
  await logIn(page, author);
  await page.getByRole('button', { name: /Ask Doubts/ }).click();
  const chat = page.getByRole('dialog', { name: 'Questions and answers' });
  await expect(chat.getByText('Start the Conversation')).toBeVisible();

  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('alert')).toHaveText('Please enter a message or attach a file');

  const picker = chat.locator('input[type=file]');
  await picker.setInputFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(chat.getByRole('alert')).toHaveText(
    'File notes.docx is not allowed. Only images and PDFs are supported.',
  );
  await picker.setInputFiles(
    Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: PNG })),
  );
  await expect(chat.getByRole('alert')).toHaveText('Maximum 5 files allowed per message');

  await page.keyboard.press('Escape');
  await expect(chat).toHaveCount(0);
});

test('on a phone the composer shows a drawn paperclip and its whole placeholder', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const author = await registerAuthor(await playwright.request.newContext({ baseURL }), 'Nguyễn Thị Minh Khai');
  await submitPaperViaApi(await apiSessionAs(playwright, baseURL!, author), author.customUserId);
  await page.goto('login');
  await logIn(page, author);
  await page.getByRole('button', { name: /Ask Doubts/ }).click();
  const chat = page.getByRole('dialog', { name: 'Questions and answers' });
  await expect(chat.getByText('Start the Conversation')).toBeVisible();

  // An emoji needs an emoji font, which many systems lack; the icon is drawn, and named for screen readers.
  const attach = chat.locator('label').filter({ has: page.getByLabel('Attach files') });
  await expect(attach.locator('svg')).toBeVisible();
  expect((await attach.innerText()).trim()).toBe('Attach files');
  await expect(chat.getByLabel('Attach files')).toHaveAttribute('type', 'file');

  // The placeholder, laid out at the field's width and font, takes no more height than the field offers.
  const box = chat.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveAttribute('rows', '2');
  await expect(box).toHaveAccessibleDescription('Enter sends, Shift+Enter for a new line');
  const fits = await box.evaluate((field: HTMLTextAreaElement) => {
    const style = getComputedStyle(field);
    const copy = document.createElement('div');
    copy.textContent = field.placeholder;
    for (const property of [
      'width',
      'font',
      'letterSpacing',
      'padding',
      'border',
      'boxSizing',
      'lineHeight',
    ] as const) {
      copy.style[property] = style[property];
    }
    copy.style.whiteSpace = 'pre-wrap';
    copy.style.overflowWrap = 'break-word';
    document.body.append(copy);
    const needed = copy.getBoundingClientRect().height;
    copy.remove();
    return { needed, offered: field.getBoundingClientRect().height };
  });
  expect(fits.needed).toBeLessThanOrEqual(fits.offered);
});
