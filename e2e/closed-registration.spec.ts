import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts.ts';
import { sessionTokenOf } from './fixtures/api.ts';
import { pdfFile } from './fixtures/papers.ts';

// Runs against the server started with REGISTRATION_OPEN=false, as the site ships.
test('registration shows Registrations Closed with dates, venue and a way home', async ({ page, request }) => {
  await page.goto('registration');
  await expect(page.getByRole('heading', { name: 'Registrations Closed' })).toBeVisible();
  await expect(page.getByText('15-17 December 2025').first()).toBeVisible();
  await expect(page.getByText('West Bengal, India').first()).toBeVisible();
  await expect(page.getByText(/Contact Support/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/ictacem2025\/?$/);

  const refused = await request.post('api/auth/register', {
    data: { username: 'X', email: 'x@e2e.test', password: 'secret-pass-1' },
  });
  expect(refused.status()).toBe(403);
});

// That server has no mail server configured: development mode, as the specification describes.
test('a reset request in development mode says where the link went', async ({ page }) => {
  await page.goto('forgot-password');
  await page.getByLabel('Email').fill('anyone@e2e.test');
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByTestId('toast-success')).toContainText(
    'Password reset token generated! Development mode: Check server console for reset link.',
  );
});

test('while registration is closed, the home page keeps Sign Up Now, which leads to Registrations Closed; the header offers Login only', async ({
  page,
}) => {
  await page.goto('');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Submit Extended Abstract/Paper' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /sign up/i })).toHaveCount(0);
  await expect(page.getByText('Log in to submit your extended abstract or paper.')).toBeVisible();
  await main.getByRole('link', { name: 'Sign Up Now' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole('heading', { name: 'Registrations Closed' })).toBeVisible();
});

// That server starts with ABSTRACT_DEADLINE=2025-10-15T23:59:59+05:30 (playwright.config.ts).
test('started with the abstract deadline in the past, the site shows that date and refuses a new abstract', async ({
  page,
  request,
}) => {
  const passed = 'The extended abstract deadline, 15 October 2025 23:59 IST, has passed.';
  await page.goto('important-dates');
  const deadline = page.getByRole('listitem').filter({ hasText: 'Last date for extended abstract submission' });
  await expect(deadline).toContainText('15 October 2025');
  await expect(deadline).toContainText('until 23:59 IST');

  await page.goto('submit');
  await expect(page.getByRole('status').filter({ hasText: 'has passed' })).toHaveText(passed);

  const authorization = `Bearer ${await sessionTokenOf(request, E2E_ADMIN)}`;
  const refused = await request.post('api/papers/submit', {
    headers: { authorization },
    multipart: {
      title: 'Too late',
      theme: 'Solid Mechanics and Dynamics',
      modeOfPresentation: 'Oral',
      authors: JSON.stringify([{ name: 'Late Author', affiliation: 'Institute', address: 'Somewhere' }]),
      paperPdf: pdfFile('abstract.pdf'),
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(passed);
});
