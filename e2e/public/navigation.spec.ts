import { expect, test } from '@playwright/test';
import { openPage } from './public-pages.ts';

const MENU = [
  { label: 'Home', path: '/', h1: 'ICTACEM 2025' },
  { label: 'Brochure', path: '/brochure', h1: 'Conference Brochure' },
  { label: 'Extended Abstract Format', path: '/extended-abstract-format', h1: 'Extended Abstract Format' },
  { label: 'Full-Length Paper Format', path: '/full-length-paper-format', h1: 'Full-Length Paper Format' },
  { label: 'Important Dates', path: '/important-dates', h1: 'Important Dates' },
  { label: 'Committee', path: '/committee', h1: 'Committee' },
  { label: 'Sponsorship', path: '/sponsorship', h1: 'Sponsorship' },
];

const FOOTER = [
  { label: 'About', path: '/about', h1: 'About ICTACEM 2025' },
  { label: 'Committee', path: '/committee', h1: 'Committee' },
  { label: 'Speakers', path: '/speakers', h1: 'Speakers' },
  { label: 'Schedule', path: '/schedule', h1: 'Event Schedule' },
  { label: 'Home', path: '/', h1: 'ICTACEM 2025' },
];

const urlOf = (path: string) => new RegExp(`/ictacem2025${path === '/' ? '/?' : path}$`);

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('every main menu entry opens its page', async ({ page }) => {
    await openPage(page, 'about', 'About ICTACEM 2025');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const item of MENU) {
      await menu.getByRole('link', { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(urlOf(item.path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.h1);
    }
  });

  test('every footer link opens its page', async ({ page }) => {
    await openPage(page, 'sponsorship', 'Sponsorship');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const item of FOOTER) {
      await footer.getByRole('link', { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(urlOf(item.path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.h1);
    }
  });

  test('the main menu is reachable and usable with the keyboard', async ({ page }) => {
    await openPage(page, '', 'ICTACEM 2025');
    let focusedText = '';
    for (let presses = 0; presses < 15 && focusedText !== 'Committee'; presses += 1) {
      await page.keyboard.press('Tab');
      focusedText = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(focusedText).toBe('Committee');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(urlOf('/committee'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Committee');
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu collapses behind a button that opens and navigates', async ({ page }) => {
    await openPage(page, '', 'ICTACEM 2025');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const mobileMenu = page.locator('#mobile-menu');
    await expect(mobileMenu.getByRole('link')).toHaveText(MENU.map((item) => item.label));
    await mobileMenu.getByRole('link', { name: 'Important Dates' }).click();
    await expect(page).toHaveURL(urlOf('/important-dates'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Important Dates');
    await expect(mobileMenu).toBeHidden();
  });

  test('the phone menu works with the keyboard', async ({ page }) => {
    await openPage(page, '', 'ICTACEM 2025');
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(urlOf('/brochure'));
  });

  test('the footer links work on a phone', async ({ page }) => {
    await openPage(page, '', 'ICTACEM 2025');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Speakers' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Speakers');
  });
});
