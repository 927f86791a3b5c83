import { expect, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { apiSessionAs, submitPaperViaApi } from '../fixtures/api.ts';
import { logIn } from '../fixtures/captcha.ts';

test('a decision reaches the author through the bell', async ({ page, playwright, baseURL }) => {
  const author = await registerAuthor(await playwright.request.newContext({ baseURL }), 'Lise Meitner');
  const authorApi = await apiSessionAs(playwright, baseURL!, author);
  const adminApi = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const paperId = await submitPaperViaApi(authorApi, author.customUserId);
  const decision = await adminApi.put(`api/admin/papers/${paperId}/status`, {
    data: { status: 'abstract_accepted', review: 'Accepted <b>as is</b>' },
  });
  expect(decision.ok()).toBe(true);

  await page.goto('login');
  await logIn(page, author);
  const badge = page.getByTestId('bell-badge');
  await expect(badge).toHaveText('1');

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const dropdown = page.getByRole('region', { name: 'Notifications' });
  await expect(dropdown.getByText(`Abstract accepted: ${author.customUserId}`)).toBeVisible();
  // Markup in a review is shown as text.
  await expect(dropdown.getByText('Accepted <b>as is</b>', { exact: false })).toBeVisible();
  await expect(dropdown.getByRole('link', { name: 'View All' })).toBeVisible();

  await dropdown.getByRole('button', { name: 'Mark as read' }).click();
  await expect(badge).toHaveCount(0);
  await expect(dropdown.getByRole('link', { name: 'View All' })).toHaveCount(0);

  await dropdown.getByRole('button', { name: /^Delete notification/ }).click();
  await expect(dropdown.getByText('No notifications yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);
});

test('the notifications page pages, filters, marks all read and shows 99+ on the bell', async ({
  page,
  playwright,
  baseURL,
}) => {
  const setup = await playwright.request.newContext({ baseURL });
  const author = await registerAuthor(setup, 'Mary Somerville');
  const adminApi = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const me = await (await apiSessionAs(playwright, baseURL!, author)).get('api/auth/profile');
  const recipientId = ((await me.json()) as { user: { _id: string } }).user._id;
  for (let i = 1; i <= 100; i += 1) {
    const res = await adminApi.post('api/notifications/system', {
      data: { recipientId, title: `Notice ${i}`, message: `Message number ${i}` },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('login');
  await logIn(page, author);
  await expect(page.getByTestId('bell-badge')).toHaveText('99+');

  await page.goto('notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText('Showing 20 of 100 notifications')).toBeVisible();
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByTestId('notification-item').first()).toContainText('Notice 100');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 5')).toBeVisible();
  await expect(page.getByTestId('notification-item').first()).toContainText('Notice 80');

  await page.getByRole('tab', { name: 'Read', exact: true }).click();
  await expect(page.getByText('No notifications', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Unread' }).click();
  await page.getByRole('button', { name: 'Mark All Read (100)' }).click();
  await expect(page.getByText('No unread notifications')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark All Read (0)' })).toBeDisabled();
  await expect(page.getByTestId('bell-badge')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Read', exact: true }).click();
  await expect(page.getByText('Showing 20 of 100 notifications')).toBeVisible();
});
