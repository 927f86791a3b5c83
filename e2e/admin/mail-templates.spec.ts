import { expect, test } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { seedAuthor, setStatus } from '../fixtures/dashboard-seed.ts';
import { layoutProblems, PHONE, settle } from '../fixtures/layout-checks.ts';
import { signInThroughApi } from '../fixtures/papers.ts';
import { E2E_SMTP_PORT } from '../fixtures/ports.ts';

// The app under test sends its mail to this real SMTP server (a site-wide spec: one owns the port at a time).
let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

const tag = `Tpl${Date.now().toString(36)}`;

test('an organiser rewords the acceptance e-mail, previews it, and the accepted author receives that text', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { author, paperId } = await seedAuthor(playwright, baseURL!, 'Đỗ Minh Châu', {
    title: `${tag} Thermal buckling of plates`,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Đỗ Minh Châu',
  });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin/mail-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail templates' })).toBeVisible();

  // The list by kind; the keyboard opens a template.
  const list = page.getByRole('navigation', { name: 'Templates' });
  await list.getByRole('link', { name: 'Abstract accepted' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Abstract accepted' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Placeholders' })).toContainText('{comments}');

  // A placeholder this e-mail does not know is refused, naming it, before anything is saved.
  await page.getByLabel('Subject').fill(`{conference}: ${tag} {paperId} accepted`);
  await page.getByLabel('Body').fill('Dear {name}, your payment ID {paymentId}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^Unknown placeholder \{paymentId\}\./)).toBeVisible();

  const body = `Dear {name},\n\n${tag}: "{title}" is in the programme.{comments}\n\nProfile: {profileLink}`;
  await page.getByLabel('Body').fill(body);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Template saved.')).toBeVisible();
  await expect(list.getByRole('link', { name: /Abstract accepted/ })).toContainText('Edited');
  await expect(page.getByTestId('mail-template-change').first()).toContainText(`${tag} {paperId} accepted`);

  // The preview, filled in by the server for the chosen paper.
  await page.getByLabel('Paper ID').fill(author.customUserId);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('mail-template-preview');
  await expect(preview).toContainText(`To: ${author.email}`);
  await expect(preview).toContainText(`Subject: ICTACEM 2025: ${tag} ${author.customUserId} accepted`);
  await expect(preview).toContainText('Dear Đỗ Minh Châu,');

  // On a phone the page fits its width.
  await page.setViewportSize(PHONE);
  await settle(page);
  expect(await layoutProblems(page)).toEqual([]);

  // The decision is e-mailed in the organiser's words.
  await setStatus(page.request, paperId!, 'abstract_accepted', 'Well argued.');
  const decisionMail = () => smtp.inbox.find((mail) => mail.to.includes(author.email) && mail.raw.includes(tag));
  await expect.poll(decisionMail, { timeout: 30_000 }).toBeTruthy();
  const mail = decisionMail()!.raw;
  expect(mail).toContain(`${tag} ${author.customUserId} accepted`);
  expect(mail).toContain(`${tag}: "${tag} Thermal buckling of plates" is in the programme.`);
  expect(mail).toContain('Review comments:');
  expect(mail).not.toContain('Please add your payment ID');

  // "Restore the default" puts the site's own text back, and the history says so.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Restore the default' }).click();
  await expect(page.getByText('The default text is restored.')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('{conference}: Abstract accepted: {paperId}');
  await expect(page.getByTestId('mail-template-change').first()).toHaveText(/Default text restored/);
});
