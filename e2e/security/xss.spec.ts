import { type APIRequestContext, type APIResponse, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { apiSessionAs, MINIMAL_PDF } from '../fixtures/api.ts';
import { signInThroughApi } from '../fixtures/papers.ts';
import { normalizePaymentId } from '@shared/domain/payment.ts';

/**
 * Every text an author or an organiser can write carries markup that would run if any page
 * rendered it as HTML or used it as a link. The pages must show it as text, and nothing runs.
 */
const tag = `Xs${Date.now().toString(36)}`;
const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '"><script>alert(1)</script>';
const LINK = 'javascript:alert(1)';
const PAYLOAD = `${IMG} ${SCRIPT} ${LINK}`;

const TEXT = {
  username: `${tag} ${PAYLOAD}`,
  title: `${tag} Title ${PAYLOAD}`,
  authorName: `Name ${PAYLOAD}`,
  affiliation: `Affiliation ${PAYLOAD}`,
  address: `Address ${PAYLOAD}`,
  review: `Review ${PAYLOAD}`,
  evaluation: `Evaluation ${PAYLOAD}`,
  // The tag keeps it unique: a retry writes a new paper, and a payment ID belongs to one paper.
  paymentId: `Pay ${tag} ${PAYLOAD}`,
  // Names keep only their last path segment, so file names carry the markup without a slash.
  adminFileName: `${IMG} ${LINK}.pdf`,
  adminFileDescription: `Description ${PAYLOAD}`,
  resetReason: `Reason ${PAYLOAD}`,
  reuploadName: `${IMG} v2.pdf`,
  authorMessage: `Author asks ${PAYLOAD}`,
  adminMessage: `Reviewer answers ${PAYLOAD}`,
  authorAttachment: `${IMG}.png`,
  adminAttachment: `${LINK}.pdf`,
  noticeTitle: `Notice ${PAYLOAD}`,
  noticeMessage: `Notice body ${PAYLOAD}`,
};

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const AUTHOR_PASSWORD = 'author-password-1';

let author: { email: string; password: string; id: string };
let paperId: string;

async function ok(response: Promise<APIResponse>, what: string): Promise<void> {
  const res = await response;
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const authorApi = await playwright.request.newContext({ baseURL });
  const email = `xss.${tag}@e2e.test`;
  const registered = await authorApi.post('api/auth/register', {
    data: { username: TEXT.username, email, password: AUTHOR_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { _id: string; customUserId: string } };
  author = { email, password: AUTHOR_PASSWORD, id: user._id };
  const submitted = await authorApi.post('api/papers/submit', {
    multipart: {
      title: TEXT.title,
      theme: 'Solid Mechanics and Dynamics',
      ictacemId: user.customUserId,
      modeOfPresentation: 'Oral',
      authors: JSON.stringify([{ name: TEXT.authorName, affiliation: TEXT.affiliation, address: TEXT.address }]),
      paperPdf: { name: 'abstract.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  paperId = ((await submitted.json()) as { paper: { _id: string } }).paper._id;

  const admin: APIRequestContext = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const paper = `api/admin/papers/${paperId}`;
  await ok(admin.put(`${paper}/status`, { data: { status: 'abstract_accepted', review: TEXT.review } }), 'status');
  await ok(authorApi.patch(`api/papers/${paperId}/payment`, { data: { paymentId: TEXT.paymentId } }), 'payment');
  await ok(
    admin.put(`${paper}/evaluate`, { data: { marks: 77, confidentialComments: TEXT.evaluation } }),
    'evaluation',
  );
  await ok(
    admin.post(`${paper}/upload-file`, {
      multipart: {
        description: TEXT.adminFileDescription,
        fileType: 'review_comment_file',
        visibleToUser: 'true',
        adminFile: { name: TEXT.adminFileName, mimeType: 'application/pdf', buffer: MINIMAL_PDF },
      },
    }),
    'admin file',
  );
  await ok(admin.put(`${paper}/toggle-abstract`, { data: { resetAbstract: true, reason: TEXT.resetReason } }), 'reset');
  await ok(
    authorApi.post(`api/papers/${paperId}/re-upload-abstract`, {
      multipart: { paperPdf: { name: TEXT.reuploadName, mimeType: 'application/pdf', buffer: MINIMAL_PDF } },
    }),
    're-upload',
  );
  await ok(
    authorApi.post(`api/chat/papers/${paperId}/messages`, {
      multipart: {
        message: TEXT.authorMessage,
        attachments: { name: TEXT.authorAttachment, mimeType: 'image/png', buffer: PNG },
      },
    }),
    'author message',
  );
  await ok(
    admin.post(`api/chat/papers/${paperId}/messages`, {
      multipart: {
        message: TEXT.adminMessage,
        attachments: { name: TEXT.adminAttachment, mimeType: 'application/pdf', buffer: MINIMAL_PDF },
      },
    }),
    'admin message',
  );
  await ok(
    admin.post('api/notifications/system', {
      data: { recipientId: author.id, title: TEXT.noticeTitle, message: TEXT.noticeMessage },
    }),
    'notice',
  );
});

/** Records anything that shows markup was turned into live HTML: a dialog, a blocked inline script, a request for "x". */
function watch(page: Page) {
  const signs: string[] = [];
  page.on('dialog', (dialog) => {
    signs.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) signs.push(`csp: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (/\/x$/.test(new URL(request.url()).pathname)) signs.push(`request: ${request.url()}`);
  });
  return signs;
}

/** The page shows each text as written, and holds no element or link the markup would have made. */
async function expectShownAsText(page: Page, texts: string[], where: string): Promise<void> {
  // Visible matches only: a text may also sit in a hidden element (a closed menu, a tooltip) found first.
  for (const text of texts)
    await expect(
      page.getByText(text, { exact: false }).filter({ visible: true }).first(),
      `${where}: ${text}`,
    ).toBeVisible();
  const live = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: document.querySelectorAll('[onerror], [onload], [onclick]').length,
    // A page drawn by the server carries its data (the user's own name among it) in a JSON script,
    // which the browser never runs, its `<` escaped so that no text ends it: only scripts that run count.
    scripts: [...document.scripts].filter(
      (script) => script.type !== 'application/json' && script.text.includes('alert('),
    ).length,
    links: [...document.querySelectorAll('a[href], iframe[src], form[action]')].filter((element) =>
      /^\s*javascript:/i.test(
        element.getAttribute('href') ?? element.getAttribute('src') ?? element.getAttribute('action') ?? '',
      ),
    ).length,
  }));
  expect(live, where).toEqual({ images: 0, handlers: 0, scripts: 0, links: 0 });
}

test('the author sees every hostile text as text: profile, shared files, chat, bell and notifications', async ({
  page,
}) => {
  const signs = watch(page);
  await signInThroughApi(page, author);
  await page.goto('profile');
  const card = page.getByTestId('paper-card');
  // The first page after signing in waits for the session and the author's papers: a busy host is slower.
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expectShownAsText(
    page,
    [TEXT.title, TEXT.authorName, TEXT.affiliation, TEXT.review, TEXT.adminFileName, TEXT.adminFileDescription],
    'profile',
  );

  await card.getByRole('button', { name: /Ask Doubts/ }).click();
  const chat = page.getByRole('dialog', { name: 'Questions and answers' });
  await expect(chat.getByText(TEXT.adminMessage)).toBeVisible();
  await expectShownAsText(
    page,
    [TEXT.authorMessage, TEXT.adminMessage, TEXT.authorAttachment, TEXT.adminAttachment],
    'author chat',
  );
  await chat.getByRole('button', { name: 'Close chat' }).click();

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const dropdown = page.getByRole('region', { name: 'Notifications' });
  await expect(dropdown.getByText(TEXT.noticeTitle)).toBeVisible();
  await expectShownAsText(page, [TEXT.noticeTitle, TEXT.noticeMessage], 'bell');
  await page.keyboard.press('Escape');

  await page.goto('notifications');
  await expect(page.getByTestId('notification-item').first()).toBeVisible();
  await expectShownAsText(
    page,
    [TEXT.noticeTitle, TEXT.noticeMessage, TEXT.adminFileName, TEXT.adminMessage],
    'notifications page',
  );
  expect(signs).toEqual([]);
});

test('an organiser sees every hostile text as text: dashboard lists, review page, history, chat and user page', async ({
  page,
}) => {
  const signs = watch(page);
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Overview & Analytics' })).toBeVisible();
  await expectShownAsText(page, [TEXT.title, TEXT.authorName], 'recent submissions');

  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  await page.getByLabel('Search users').fill(tag);
  await expect(page.getByTestId('users-found')).toHaveText('1 user found');
  await expectShownAsText(page, [TEXT.username], 'user management');

  await page.getByRole('tab', { name: 'Papers', exact: true }).click();
  await page.getByLabel('Search papers').fill(tag);
  await expect(page.getByTestId('papers-found')).toHaveText('1 paper found');
  await expectShownAsText(page, [TEXT.title, TEXT.review], 'paper management');

  await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
  const views = page.getByRole('tablist', { name: 'Dashboard views' });
  for (const view of ['Financial', 'Evaluation']) {
    await views.getByRole('tab', { name: view }).click();
    await page.getByPlaceholder('Search by user name, email, ID, or paper title...').fill(tag);
    await expect(page.getByTestId('record-row')).toHaveCount(1);
    await expectShownAsText(
      page,
      view === 'Financial'
        ? [TEXT.username, TEXT.title, normalizePaymentId(TEXT.paymentId)]
        : [TEXT.username, TEXT.title],
      view,
    );
  }

  await page.goto(`admin/paper/${paperId}`);
  await expect(page.getByRole('heading', { level: 1, name: TEXT.title })).toBeVisible();
  await expectShownAsText(page, [TEXT.review, TEXT.adminFileName, TEXT.adminFileDescription], 'review page');
  const tabs: [string, string[]][] = [
    ['Authors', [TEXT.authorName, TEXT.affiliation, TEXT.address]],
    ['Communicating Author', [TEXT.username]],
    ['Confidential Notes and Marks', [TEXT.evaluation]],
  ];
  for (const [tab, texts] of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expectShownAsText(page, texts, tab);
  }

  await page.getByRole('button', { name: 'Submission History' }).click();
  const history = page.getByRole('dialog', { name: 'Submission History' });
  await expect(history.getByRole('heading', { name: 'Complete Timeline' })).toBeVisible();
  await expectShownAsText(page, [TEXT.resetReason, TEXT.reuploadName, TEXT.review], 'history');
  await page.getByRole('button', { name: 'Close submission history' }).click();

  await page.getByRole('button', { name: /Chat with Author/ }).click();
  await expect(page.getByText(TEXT.authorMessage)).toBeVisible();
  await expectShownAsText(
    page,
    [TEXT.authorMessage, TEXT.adminMessage, TEXT.authorAttachment, TEXT.adminAttachment],
    'admin chat',
  );
  await page.keyboard.press('Escape');

  await page.goto(`admin/user/${author.id}`);
  await expect(page.getByRole('heading', { level: 1, name: TEXT.username })).toBeVisible();
  for (const [tab, texts] of [
    ['Papers', [TEXT.title]],
    ['Activity', [TEXT.title]],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expectShownAsText(page, [...texts], `user page, ${tab}`);
  }
  expect(signs).toEqual([]);
});
