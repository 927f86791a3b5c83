import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { layoutProblems, PHONE, settle } from '../fixtures/layout-checks.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

// Runs against the server started without SMTP_URL (playwright.config.ts): a site with no mail
// server, where an invitation reaches its reviewer only through the link its organiser copies.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test('an organiser without a mail server invites through "Copy invitation link"; the outbox keeps every mail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const invitee = { name: 'Trần Minh Châu', email: `tran.minh.chau.${unique()}@example.vn` };
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, E2E_ADMIN);
  // A security mail too: listed, its text never shown.
  expect((await page.request.post('api/auth/forgot-password', { data: { email: E2E_ADMIN.email } })).ok()).toBe(true);

  await page.goto('admin?section=committee');
  await page.getByRole('button', { name: 'Invite reviewer' }).click();
  const inviteDialog = page.getByRole('dialog', { name: 'Invite reviewer' });
  await inviteDialog.getByLabel('Name').fill(invitee.name);
  await inviteDialog.getByLabel('E-mail').fill(invitee.email);
  await inviteDialog.getByLabel('Aerodynamics and Fluid Mechanics').check();
  await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(inviteDialog).toHaveCount(0);

  await page.goto('admin?section=outbox');
  await expect(page.getByRole('heading', { level: 2, name: 'E-mail Outbox' })).toBeVisible();
  await expect(page.getByText('No mail server is configured (SMTP_URL)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Templates' })).toHaveAttribute('href', /\/admin\/mail-templates$/);
  const security = page.getByTestId('outbox-mail').filter({ hasText: 'reset your password' }).first();
  await expect(security).toContainText('Not sent: no mail server');
  await page.getByLabel('Kind').selectOption({ label: 'Invitation' });
  const row = page.getByTestId('outbox-mail').filter({ hasText: invitee.email });
  await expect(row).toContainText('Not sent: no mail server');
  await expect(row).toContainText('0 attempts');
  expect(await seriousViolations(page), 'the outbox').toEqual([]);

  // By keyboard: the subject is a button that opens the mail.
  await row.getByRole('button').focus();
  await page.keyboard.press('Enter');
  const mail = page.getByRole('dialog');
  await expect(mail.getByText(`Dear ${invitee.name}`)).toBeVisible();
  const sendAgain = mail.getByRole('button', { name: 'Send again' });
  await expect(sendAgain).toBeDisabled();
  await expect(sendAgain).toHaveAccessibleDescription(
    'No mail server is configured (SMTP_URL), so nothing can be sent.',
  );
  expect(await seriousViolations(page), 'an opened mail').toEqual([]);
  await mail.getByRole('button', { name: 'Copy invitation link' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Invitation link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/ictacem2025\/committee-invitation\/[A-Za-z0-9_-]+$/);
  await page.keyboard.press('Escape');
  await expect(mail).toHaveCount(0);

  // The reviewer opens the link the organiser sent them, and joins with a new account.
  const visitor = await browser.newContext({ baseURL });
  const reviewer = await visitor.newPage();
  await reviewer.goto(link);
  await expect(reviewer.getByText(`Dear ${invitee.name}`)).toBeVisible();
  await reviewer.getByLabel('Password', { exact: true }).fill('boundary layers at dawn');
  await reviewer.getByLabel('Confirm password', { exact: true }).fill('boundary layers at dawn');
  await reviewer.getByRole('button', { name: 'Accept and create my account' }).click();
  await expect(reviewer.getByText('Welcome to the programme committee of ICTACEM 2025.')).toBeVisible();
  // A committee member is no organiser: the outbox stays closed to them.
  await reviewer.goto('admin?section=outbox');
  await expect(reviewer.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await visitor.close();

  await row.getByRole('button').click();
  await expect(mail.getByText('no longer opens the invitation')).toBeVisible();
  await mail.getByRole('button', { name: 'Close e-mail' }).click();

  // At 390 px the list and an opened mail fit the screen.
  await page.setViewportSize(PHONE);
  await page.getByLabel('Kind').selectOption({ label: 'Security' });
  await expect(security).toBeVisible();
  await settle(page);
  expect(await layoutProblems(page), 'the outbox at 390 px').toEqual([]);
  await security.getByRole('button').click();
  await expect(mail.getByText('A security e-mail is listed without its text')).toBeVisible();
  await expect(mail).not.toContainText('reset-password');
  await settle(page);
  expect(await layoutProblems(page), 'a security mail at 390 px').toEqual([]);
});
