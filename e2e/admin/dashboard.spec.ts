import { expect, type Page, test } from '@playwright/test';
import { searchList } from '../fixtures/list-search.ts';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { apiSessionAs } from '../fixtures/api.ts';
import { signInThroughApi } from '../fixtures/papers.ts';
import { recordPayment, seedAuthor, setMarks, setStatus } from '../fixtures/dashboard-seed.ts';

/** Every name and title carries this run's tag, so searching for it shows exactly this spec's data. */
const tag = `Dz${Date.now().toString(36)}`;
const PROPULSION = 'Propulsion and Combustion';

const papers = {
  declined: {
    title: `${tag} Swirl injector flames`,
    theme: PROPULSION,
    modeOfPresentation: 'Oral',
    firstAuthor: 'Ada Ferreira',
  },
  accepted: {
    title: `${tag} Detonation cells in ducts`,
    theme: PROPULSION,
    modeOfPresentation: 'Poster (Only for Students)',
    firstAuthor: 'Bea Kowalski',
  },
  inProgress: {
    title: `${tag} Gust response of wings`,
    theme: 'Aerodynamics and Fluid Mechanics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Cy Oduya',
  },
  awaited: {
    title: `${tag} Fatigue of welded joints`,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Video (Only for Students)',
    firstAuthor: 'Di Laurent',
  },
  response: {
    title: `${tag} Attitude control of cubesats`,
    theme: 'Flight Mechanics, Control and Navigation',
    modeOfPresentation: 'Oral',
    firstAuthor: 'Ed Mwangi',
  },
};

/** Signed in through the API: the login form and its second step have their own spec (author/login.spec.ts). */
async function signInAsAdmin(page: Page): Promise<void> {
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Overview & Analytics' })).toBeVisible();
}

test('the admin dashboard filters papers, pages and sorts the records, reviews in place and opens a paper', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Seeding six accounts and walking through every section takes longer than the default.
  test.setTimeout(180_000);
  // Six authors: five with a paper in different themes, statuses and scores, one without.
  const admin = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const declined = await seedAuthor(playwright, baseURL!, `${tag} Ada`, papers.declined);
  const accepted = await seedAuthor(playwright, baseURL!, `${tag} Bea`, papers.accepted);
  const inProgress = await seedAuthor(playwright, baseURL!, `${tag} Cy`, papers.inProgress);
  await seedAuthor(playwright, baseURL!, `${tag} Di`, papers.awaited);
  const response = await seedAuthor(playwright, baseURL!, `${tag} Ed`, papers.response);
  await seedAuthor(playwright, baseURL!, `${tag} Flo`);
  await setStatus(admin, declined.paperId!, 'declined', 'Outside the scope of the conference.');
  await setStatus(admin, accepted.paperId!, 'abstract_accepted');
  await setStatus(admin, inProgress.paperId!, 'review_in_progress');
  await setStatus(admin, response.paperId!, 'author_response_awaited');
  await recordPayment(accepted.session, accepted.paperId!, `UTR-${tag}`);
  await setMarks(admin, accepted.paperId!, 91);
  await setMarks(admin, inProgress.paperId!, 64);
  await setMarks(admin, declined.paperId!, 38);

  await signInAsAdmin(page);

  // Overview: the headline cards and the newest submission at the top of the recent list.
  for (const label of [
    'Total Users',
    'Total Papers',
    'Accepted',
    'Declined',
    'Review Awaited',
    'In Progress',
    'Author Response',
  ]) {
    await expect(page.getByTestId('stat-card').filter({ has: page.getByText(label, { exact: true }) })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /papers: Review Awaited \d+/ })).toBeVisible();
  const recent = page.getByTestId('recent-submissions').getByRole('listitem');
  // Newest first: Ed's paper, the last seeded, comes before Di's (a spec running beside this one may add a newer one).
  const newest = recent.filter({ hasText: papers.response.title });
  await expect(newest).toContainText('Ed Mwangi');
  await expect(newest).toContainText('Today');
  const titles = await recent.allInnerTexts();
  const position = (title: string) => titles.findIndex((text) => text.includes(title));
  expect(position(papers.response.title)).toBeLessThan(position(papers.awaited.title));
  const totalPapers = Number(
    await page.getByTestId('stat-card').filter({ hasText: 'Total Papers' }).locator('p').nth(1).textContent(),
  );
  const viewAll = page.getByRole('link', { name: 'View all submissions' });
  if (totalPapers > 8) {
    await viewAll.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Paper Management' })).toBeFocused();
    await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
  } else {
    await expect(viewAll).toHaveCount(0);
  }

  // The sidebar tabs follow the arrow keys. User Management finds this run's six authors.
  await page.getByRole('tab', { name: 'Dashboard', exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('tab', { name: 'Users', exact: true })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'User Management' })).toBeVisible();
  await searchList(page, page.getByLabel('Search users'), tag, '/admin/users');
  await expect(page.getByTestId('users-found')).toHaveText('6 users found');
  const bea = page.getByTestId('user-card').filter({ hasText: `${tag} Bea` });
  await expect(bea).toContainText(accepted.author.customUserId);
  await expect(bea.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', /\/admin\/user\/[0-9a-f-]+$/);
  await searchList(page, page.getByLabel('Search users'), `${tag} nobody`, '/admin/users');
  await expect(page.getByText('No users found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search query or filters.')).toBeVisible();
  await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();

  // Analytics: every theme with its count.
  const views = page.getByRole('tablist', { name: 'Dashboard views' });
  await views.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Papers by Theme' })).toBeVisible();
  await expect(page.getByTestId('active-themes')).toContainText(/\d+ active theme/);
  await expect(page.getByRole('heading', { name: 'Presentation Modes' })).toBeVisible();

  // Financial: this run's six authors, five a page; the one without a paper shows No Submission.
  await views.getByRole('tab', { name: 'Financial' }).click();
  const recordsSearch = page.getByPlaceholder('Search by user name, email, ID, or paper title...');
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('5');
  await searchList(page, recordsSearch, tag, '/admin/records');
  const range = page.getByTestId('showing-range');
  await expect(range).toHaveText('Showing 1 to 5 of 6 results');
  await expect(page.getByText('Total 6 payment records')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(range).toHaveText('Showing 6 to 6 of 6 results');
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(range).toHaveText('Showing 1 to 5 of 6 results');
  await page.getByRole('combobox', { name: 'Filter' }).selectOption({ label: 'Paid Only' });
  await expect(range).toHaveText('Showing 1 to 1 of 1 results');
  // Payment IDs are stored in upper case.
  await expect(page.getByTestId('record-row')).toContainText(`UTR-${tag}`.toUpperCase());
  const csv = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const csvLines = (await csv.text()).trim().split(/\r?\n/);
  expect(csvLines).toHaveLength(2);
  expect(csvLines[1]).toContain(papers.accepted.title);
  await page.getByRole('combobox', { name: 'Filter' }).selectOption({ label: 'All' });
  await searchList(page, recordsSearch, `${tag} Flo`, '/admin/records');
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  await expect(page.getByTestId('record-row')).toContainText('No Submission');
  await searchList(page, recordsSearch, `${tag} nobody`, '/admin/records');
  await expect(page.getByText('No payment records found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();

  // Evaluation: by score, the highest first and the unscored last.
  await views.getByRole('tab', { name: 'Evaluation' }).click();
  await searchList(page, recordsSearch, tag, '/admin/records');
  await expect(page.getByTestId('showing-range')).toHaveText('Showing 1 to 6 of 6 results');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Score' });
  const rows = page.getByTestId('record-row');
  await expect(rows.nth(0)).toContainText(papers.accepted.title);
  await expect(rows.nth(0)).toContainText('91/100');
  await expect(rows.nth(1)).toContainText(papers.inProgress.title);
  await expect(rows.nth(2)).toContainText(papers.declined.title);
  await expect(rows.nth(3)).toContainText(/Pending Review|No Submission/);
  await expect(rows.nth(0).getByTestId('record-score')).toHaveText('91');

  // Paper Management: theme and status filters as chips, one removed, then all cleared.
  await page.getByRole('tab', { name: 'Papers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Paper Management' })).toBeVisible();
  await searchList(page, page.getByLabel('Search papers'), tag, '/admin/papers');
  const found = page.getByTestId('papers-found');
  await expect(found).toHaveText('5 papers found');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption(PROPULSION);
  await expect(found).toHaveText('2 papers found');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Declined' });
  await expect(found).toHaveText('1 paper found');
  const chips = page.getByTestId('filter-chip');
  await expect(chips).toContainText([`Search: "${tag}"`, 'Status: Declined', `Theme: ${PROPULSION}`]);
  await expect(page.getByTestId('admin-paper-card')).toContainText(papers.declined.title);
  await page.getByRole('button', { name: 'Remove filter Status: Declined' }).click();
  await expect(found).toHaveText('2 papers found');
  await expect(chips).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(chips).toHaveCount(0);
  await expect(page.getByLabel('Search papers')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('');

  // Write Review in place: one panel at a time, Cancel forgets the edits, a save updates the card.
  // Typed within the debounce after Clear all, so the list may never have left this search: no request to wait for.
  await page.getByLabel('Search papers').fill(tag);
  await expect(found).toHaveText('5 papers found');
  const awaitedCard = page.getByTestId('admin-paper-card').filter({ hasText: papers.awaited.title });
  const declinedCard = page.getByTestId('admin-paper-card').filter({ hasText: papers.declined.title });
  await declinedCard.getByRole('button', { name: 'Edit Review' }).click();
  await expect(declinedCard.getByLabel('Review comments')).toHaveValue('Outside the scope of the conference.');
  await declinedCard.getByLabel('Review comments').fill('Changed my mind');
  await declinedCard.getByRole('button', { name: 'Cancel' }).click();
  await declinedCard.getByRole('button', { name: 'Edit Review' }).click();
  await expect(declinedCard.getByLabel('Review comments')).toHaveValue('Outside the scope of the conference.');
  await awaitedCard.getByRole('button', { name: 'Write Review' }).click();
  await expect(page.getByTestId('review-panel')).toHaveCount(1);
  await awaitedCard.getByRole('radio', { name: 'Review in Progress' }).check();
  await awaitedCard.getByLabel('Review comments').fill('Please clarify the weld geometry.');
  await awaitedCard.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByTestId('dashboard-message-success')).toHaveText(
    /Paper status updated to Review in Progress with review comments/,
  );
  await expect(page.getByTestId('review-panel')).toHaveCount(0);
  await expect(awaitedCard.getByTestId('paper-status')).toHaveText('Review in Progress');
  await expect(awaitedCard).toContainText('Please clarify the weld geometry.');
  // The banner clears after 3 s (admin side 2.2), sooner than an author's 5-second toast.
  await expect(page.getByTestId('dashboard-message-success')).toHaveCount(0, { timeout: 3500 });

  // View Paper Details opens the paper's review page; Reset Submissions and Admin Files open it at that panel.
  const acceptedCard = page.getByTestId('admin-paper-card').filter({ hasText: papers.accepted.title });
  await expect(acceptedCard.getByRole('link', { name: 'Reset Submissions' })).toHaveAttribute(
    'href',
    new RegExp(`/admin/paper/${accepted.paperId}#submission-controls$`),
  );
  await acceptedCard.getByRole('link', { name: 'Admin Files' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/paper/${accepted.paperId}#admin-files$`));
  const filesHeading = page.getByRole('heading', { level: 2, name: 'Admin Files' });
  await expect(filesHeading).toBeFocused();
  await expect(filesHeading).toBeInViewport();
  await page.goto('admin?section=papers');
  await searchList(page, page.getByLabel('Search papers'), tag, '/admin/papers');
  await acceptedCard.getByRole('link', { name: 'View Paper Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/paper/${accepted.paperId}$`));
});

test('on a phone the sections are in a slide-in menu and nothing scrolls the page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  const menuButton = page.getByRole('button', { name: 'Admin menu', exact: true });
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: 'Admin menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: /Dashboard/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await menu.getByRole('button', { name: /Paper Management/ }).click();
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Paper Management' })).toBeFocused();
  await expect(page.getByTestId('papers-found')).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);

  await menuButton.click();
  await menu.getByRole('button', { name: /Overview & Analytics/ }).click();
  await page.getByRole('tab', { name: 'Financial' }).click();
  await expect(page.getByTestId('stat-card').first()).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  await page.getByRole('tab', { name: 'Evaluation' }).click();
  await expect(page.getByText('Average Score')).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
});

test('the sign-in log lists who signed in and who failed, filtered by kind and e-mail', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { author } = await seedAuthor(playwright, baseURL!, 'Log Subject');
  const api = await playwright.request.newContext({ baseURL });
  await api.post('api/auth/login', { data: { email: author.email, password: 'not-the-password' } });
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Sign-in log' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in Log' })).toBeVisible();
  await page.getByLabel('E-mail contains').fill(author.email);
  await page.getByLabel('What happened').selectOption('sign_in_failed');
  const events = page.getByTestId('auth-event');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText('Wrong password');
  await expect(events.first()).toContainText(author.email);
});
