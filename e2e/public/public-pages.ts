import { expect, type Page } from '@playwright/test';

/** Every public route of the spec, with the heading and tab title a visitor should see. */
export const PUBLIC_PAGES = [
  { path: '', h1: 'ICTACEM 2025', title: 'ICTACEM 2025' },
  { path: 'home', h1: 'ICTACEM 2025', title: 'ICTACEM 2025' },
  { path: 'about', h1: 'About ICTACEM 2025', title: 'About | ICTACEM 2025' },
  { path: 'about-us', h1: 'About Us', title: 'About Us | ICTACEM 2025' },
  { path: 'schedule', h1: 'Event Schedule', title: 'Event Schedule | ICTACEM 2025' },
  { path: 'important-dates', h1: 'Important Dates', title: 'Important Dates | ICTACEM 2025' },
  { path: 'speakers', h1: 'Speakers', title: 'Speakers | ICTACEM 2025' },
  { path: 'committee', h1: 'Committee', title: 'Committee | ICTACEM 2025' },
  { path: 'sponsorship', h1: 'Sponsorship', title: 'Sponsorship | ICTACEM 2025' },
  { path: 'brochure', h1: 'Conference Brochure', title: 'Conference Brochure | ICTACEM 2025' },
  { path: 'extended-abstract-format', h1: 'Extended Abstract Format', title: 'Extended Abstract Format | ICTACEM 2025' },
  { path: 'full-length-paper-format', h1: 'Full-Length Paper Format', title: 'Full-Length Paper Format | ICTACEM 2025' },
] as const;

/** The documents the spec names, served under /ictacem2025/documents/. */
export const DOCUMENTS = [
  { page: 'brochure', fileName: 'ICTACEM 2025 Brochure.pdf', view: 'View Brochure', download: 'Download Brochure' },
  { page: 'extended-abstract-format', fileName: 'format_for_Extended_Abstract.pdf', view: 'View Format', download: 'Download Format' },
  { page: 'full-length-paper-format', fileName: 'format_for_Full_Length_Paper.pdf', view: 'View Format', download: 'Download Format' },
] as const;

export const documentPath = (fileName: string) => `documents/${encodeURIComponent(fileName)}`;

/** Opens a page and waits until its lazy chunk has rendered the heading. */
export async function openPage(page: Page, path: string, h1: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
}

/** Waits until a document preview has settled on the embedded frame or the fallback. */
export async function waitForPreview(page: Page): Promise<void> {
  await expect(page.locator('main iframe').or(page.getByText('PDF preview not available'))).toBeVisible();
}
