import { expect, test } from '@playwright/test';
import { openPage } from './public-pages.ts';

// The texts below are the specification's, written out here on purpose: the test checks the
// pages against the spec, not against the content module they are rendered from.
const THEMES = [
  'Aerodynamics and Fluid Mechanics',
  'Solid Mechanics and Dynamics',
  'Flight Mechanics, Control and Navigation',
  'Propulsion and Combustion',
];

for (const path of ['', 'home']) {
  test(`home page at /${path} shows the announcements and the two buttons`, async ({ page }) => {
    await openPage(page, path, 'ICTACEM 2025');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Announcements' })).toBeVisible();
    await expect(main).toContainText('International Conference on Theoretical, Applied, Computational and Experimental Mechanics');
    // The e2e server's conference days follow its far-off deadlines (OPEN_DEADLINES).
    await expect(main).toContainText('4-6 January 2100');
    await expect(main).toContainText('West Bengal, India');
    await expect(main).toContainText('valid for payments received on or before 15 November 2025');
    await expect(main).toContainText('publishing house');
    await expect(main).toContainText('Book of Abstracts with an ISBN');
    await expect(main).toContainText("host institute's continuing-education portal");
    await expect(main.getByText('Programme ID', { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/ictacem2025/registration');
    await expect(main.getByRole('link', { name: 'Submit Extended Abstract/Paper' })).toHaveAttribute('href', '/ictacem2025/submit');
  });
}

test('the Sign Up Now button leads to the registration page', async ({ page }) => {
  await openPage(page, '', 'ICTACEM 2025');
  await page.getByRole('main').getByRole('link', { name: 'Sign Up Now' }).click();
  await expect(page).toHaveURL(/\/ictacem2025\/registration$/);
});

test('about page has the three sections, the four theme cards and the Know More entry', async ({ page }) => {
  await openPage(page, 'about', 'About ICTACEM 2025');
  const main = page.getByRole('main');
  for (const heading of ['About The Conference', 'Conference Themes', 'About the Institute Campus']) {
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const themes = page.getByRole('region', { name: 'Conference Themes' }).getByRole('heading', { level: 3 });
  await expect(themes).toHaveText(THEMES);
  await expect(main).toContainText('held every three years since 1998');
  // The institute's address is not published yet: the entry says so instead of linking nowhere.
  await expect(main).toContainText('Know More');
});

test('the schedule waits for the programme, About Us is a placeholder and not in the menu', async ({ page }) => {
  // The programme is published by e2e/admin/programme.spec.ts, which runs after this file.
  await openPage(page, 'schedule', 'Event Schedule');
  await expect(page.getByRole('main')).toContainText('The programme will be published here.');
  await openPage(page, 'about-us', 'About Us');
  await expect(page.getByRole('main')).toContainText('to be announced');
  await expect(page.locator('header a[href$="/about-us"]')).toHaveCount(0);
});

test('important dates lists the timeline and the accommodation rules', async ({ page }) => {
  await openPage(page, 'important-dates', 'Important Dates');
  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  // The e2e server keeps the three author deadlines open until 31 December 2099, with the notification
  // at the same instant and the conference after them (OPEN_DEADLINES): in date order they come last.
  const expected = [
    ['21 July 2025', 'Extended abstract submission opens'],
    ['1 September 2025', 'Early-bird registration opens'],
    ['15 November 2025 until 23:59 IST', 'Early-bird registration closes'],
    ['16 November 2025', 'Late registration begins'],
    ['31 December 2099 until 23:59 IST', 'Last date for extended abstract submission'],
    ['31 December 2099', 'Notification of acceptance'],
    ['31 December 2099 until 23:59 IST', 'Last date to enter the payment ID'],
    ['31 December 2099 until 23:59 IST', 'Final date for full-length paper submission'],
    ['4-6 January 2100', 'ICTACEM 2025 conference'],
  ];
  await expect(timeline).toHaveCount(expected.length);
  for (const [index, [date, title]] of expected.entries()) {
    await expect(timeline.nth(index)).toContainText(date!);
    await expect(timeline.nth(index)).toContainText(title!);
  }
  const accommodation = page.getByRole('region', { name: 'Accommodation' });
  await expect(accommodation.getByRole('heading', { level: 2 })).toHaveText('Accommodation');
  await expect(accommodation).toContainText('campus guest houses');
  await expect(accommodation).toContainText('single or sharing');
  await expect(accommodation).toContainText('subject to availability');
  await expect(accommodation).toContainText('registration deadline of 31 October 2025');
});

test('the timeline comes with the page: the server sends the dates inside it', async ({ page }) => {
  // Without the dates API the page must still print them (and so never push its content down when they arrive).
  await page.route('**/api/settings/deadlines', (route) => route.abort());
  await openPage(page, 'important-dates', 'Important Dates');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText('21 July 2025');
  await expect(timeline.getByRole('alert')).toHaveCount(0);
});

test('speakers page shows a clear empty state while no speaker is announced', async ({ page }) => {
  await openPage(page, 'speakers', 'Speakers');
  await expect(page.getByRole('main')).toContainText('Keynote speakers to be announced');
  await expect(page.getByRole('main').getByText('Keynote Speaker', { exact: true })).toHaveCount(0);
});

test('committee page lists the four committees with a placeholder for unannounced members', async ({ page }) => {
  await openPage(page, 'committee', 'Committee');
  for (const name of ['Patrons', 'Organizing Committee', 'Technical Committee', 'Advisory Committee']) {
    const section = page.getByRole('region', { name });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(section).toContainText('To be announced');
  }
});

test('sponsorship page shows the tiers, the additional opportunities, the brochure and the contact', async ({ page }) => {
  await openPage(page, 'sponsorship', 'Sponsorship');
  const tiers = page.getByRole('region', { name: 'Sponsorship Tiers' });
  const tierCard = (name: string) => tiers.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const expectedTiers = [
    ['Platinum', 'Rs. 2,50,000', ['front inner page', '4 free registrations', '1 exhibition booth', 'One sponsor only']],
    ['Gold', 'Rs. 2,00,000', ['back inner page', '3 free registrations', '1 exhibition booth', 'One sponsor only']],
    ['Silver', 'Rs. 1,50,000', ['Full colour page', '2 free registrations', '1 exhibition booth']],
    ['Bronze', 'Rs. 1,00,000', ['Half page', '1 free registration', '1 exhibition booth']],
  ] as const;
  for (const [name, price, benefits] of expectedTiers) {
    const card = tierCard(name);
    await expect(card).toContainText(price);
    for (const benefit of benefits) await expect(card).toContainText(benefit);
  }
  await expect(tierCard('Silver')).not.toContainText('One sponsor only');
  await expect(tiers).toContainText('logo on the conference banners and website');
  await expect(tiers).toContainText('brochure in the registration kit');

  const opportunities = page.getByRole('region', { name: 'Additional Opportunities' });
  const expectedOpportunities = [
    ['Exhibition Booth', 'Rs. 50,000'],
    ['Sponsored Invited Talk', 'Rs. 2,00,000'],
    ['Registration Kit', 'Rs. 2,00,000', 'Limit: 1'],
    ['Tea Break', 'Rs. 20,000', 'Limit: 6'],
    ['Banquet Dinner', 'to be announced', '1 sponsor'],
    ['Book of Abstracts advertisement, full page', 'Rs. 20,000'],
    ['Book of Abstracts advertisement, half page', 'Rs. 10,000'],
    ['Sponsor brochure in the registration kit', 'Rs. 10,000'],
  ];
  for (const [name, ...details] of expectedOpportunities) {
    const item = opportunities.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    for (const detail of details) await expect(item).toContainText(detail);
  }

  const brochure = page.getByRole('region', { name: 'Sponsorship Brochure' });
  await expect(brochure.getByRole('link', { name: 'View Brochure' })).toHaveAttribute('href', /ICTACEM%202025%20Brochure\.pdf$/);
  await expect(brochure.getByRole('link', { name: 'Download Brochure' })).toHaveAttribute('download', 'ICTACEM 2025 Brochure.pdf');
  // The contact address is not published yet: no dead mailto link, a clear note instead.
  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact).toContainText('to be announced');
  await expect(contact.locator('a[href^="mailto:"]')).toHaveCount(0);
});

test('the format pages carry the notes for authors; the full-length page adds two', async ({ page }) => {
  const sharedNotes = ['Follow the format strictly.', 'Stay within the page limit.', 'template', 'figure and table'];
  await openPage(page, 'extended-abstract-format', 'Extended Abstract Format');
  for (const note of sharedNotes) await expect(page.getByRole('main')).toContainText(note);
  await expect(page.getByRole('main')).not.toContainText('comprehensive list of references');

  await openPage(page, 'full-length-paper-format', 'Full-Length Paper Format');
  for (const note of sharedNotes) await expect(page.getByRole('main')).toContainText(note);
  await expect(page.getByRole('main')).toContainText('Include a comprehensive list of references.');
  await expect(page.getByRole('main')).toContainText('Selected papers will be considered for publication.');
});

test('the brochure page lists its contents and offers help by mail (or says the address is to come)', async ({ page }) => {
  await openPage(page, 'brochure', 'Conference Brochure');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: "What's inside" })).toBeVisible();
  await expect(main).toContainText('Sponsorship opportunities');
  await expect(main.getByRole('heading', { level: 2, name: 'Need help?' })).toBeVisible();
  await expect(main).toContainText('contact e-mail address to be announced');
});
