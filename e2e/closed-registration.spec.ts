import { expect, test } from '@playwright/test';

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

test('while registration is closed, neither the home page nor the header promotes sign-up', async ({ page }) => {
  await page.goto('');
  await expect(page.getByRole('main').getByRole('link', { name: 'Submit Extended Abstract/Paper' })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up/i })).toHaveCount(0);
  await expect(page.getByText('Log in to submit your extended abstract or paper.')).toBeVisible();
});
