import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from './public-pages.ts';
import { layoutShift, MAX_LAYOUT_SHIFT, watchConsole } from '../fixtures/page-health.ts';

/** A sentence of each public page's main text, which the server's HTML carries. */
const MAIN_TEXT: Record<string, string> = {
  '': 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  home: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  about: 'It is the ninth edition of a conference',
  'about-us': 'Information about the organizers of the conference is to be announced.',
  schedule: 'Technical institute campus, West Bengal, India',
  'important-dates': 'Accommodation in the campus guest houses',
  speakers: 'The invited speakers will be listed here once they are confirmed.',
  committee: 'Organizing Committee',
  sponsorship: 'Sponsorship Tiers',
  brochure: 'About the conference and its history',
  'extended-abstract-format': 'Notes for authors',
  'full-length-paper-format': 'Notes for authors',
};

const VERIFY_TITLE = 'Verify a Letter | ICTACEM 2025';

/** Every page the server renders: the public ones, registration, letter verification and Not Found. */
const RENDERED_PAGES = [
  ...PUBLIC_PAGES.map((page) => ({ ...page, text: MAIN_TEXT[page.path]!, status: 200 })),
  { path: 'registration', h1: 'Sign Up', title: 'Registration | ICTACEM 2025', text: 'Already have an account?', status: 200 },
  { path: 'login', h1: 'Login', title: 'Login | ICTACEM 2025', text: 'Forgot your password?', status: 200 },
  { path: 'forgot-password', h1: 'Forgot Password', title: 'Forgot Password | ICTACEM 2025', text: 'we will send you a link to reset your password', status: 200 },
  { path: 'reset-password/5f0c1e9a7b3d4c2e8f6a0b1c2d3e4f5a', h1: 'Reset Password', title: 'Reset Password | ICTACEM 2025', text: 'Confirm new password', status: 200 },
  { path: 'verify-letter', h1: 'Verify a Letter', title: VERIFY_TITLE, text: 'carry a verification code', status: 200 },
  // The answer for the code in the address is the server's too.
  { path: 'verify-letter/0000-0000-0000-0000', h1: 'Verify a Letter', title: VERIFY_TITLE, text: 'No letter has this verification code.', status: 200 },
  { path: 'no-such-page', h1: 'Page Not Found', title: 'Page Not Found | ICTACEM 2025', text: 'The page you are looking for does not exist', status: 404 },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const page of RENDERED_PAGES) {
    test(`/${page.path} shows its heading, text and links`, async ({ page: tab }) => {
      const answer = await tab.goto(page.path);
      expect(answer?.status()).toBe(page.status);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.h1);
      // The tab's title too, which the client would set.
      await expect(tab).toHaveTitle(page.title);
      await expect(tab.getByRole('main')).toContainText(page.text);
      // The menu's links are plain links: a reader without JavaScript moves between the pages.
      await expect(tab.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Committee' })).toHaveAttribute(
        'href',
        '/ictacem2025/committee',
      );
    });
  }

  test('the verification form sends the code and shows the answer', async ({ page }) => {
    await page.goto('verify-letter');
    await page.getByLabel('Verification code').fill('0000-0000-0000-0000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/ictacem2025\/verify-letter\/0000-0000-0000-0000$/);
    await expect(page.getByRole('main')).toContainText('No letter has this verification code.');
  });

  test('a link leads to the next page, drawn by the server', async ({ page }) => {
    await page.goto('about');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Committee' }).click();
    await expect(page).toHaveURL(/\/ictacem2025\/committee$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Committee');
  });
});

test('each page hydrates without a mismatch or a recoverable error, and then runs', async ({ page }) => {
  test.setTimeout(RENDERED_PAGES.length * 10_000);
  const problems = watchConsole(page);
  for (const rendered of RENDERED_PAGES) {
    await page.goto(rendered.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(rendered.h1);
    await page.waitForLoadState('networkidle');
    // The Not Found page's own 404 is the browser's note of the status it was served with.
    const own = problems.filter((problem) => !/status of 404/.test(problem) || rendered.status !== 404);
    expect(own, `console of /${rendered.path}`).toEqual([]);
    problems.length = 0;
    // What the server drew for every screen becomes this screen's (a desktop's) without moving.
    expect(await layoutShift(page), `layout shift of /${rendered.path}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
  }
  // Hydrated: the page answers to its controls, as only the client's code makes it (the phone menu).
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('about');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  expect(problems).toEqual([]);
});
