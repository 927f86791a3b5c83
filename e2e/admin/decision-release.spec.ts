import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { seedAuthor, setStatus } from '../fixtures/dashboard-seed.ts';
import { searchPapers } from '../fixtures/list-search.ts';
import { signInThroughApi } from '../fixtures/papers.ts';
import { E2E_SMTP_PORT } from '../fixtures/ports.ts';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';

const tag = `Rl${Date.now().toString(36)}`;

// The app under test sends its mail to this real SMTP server (a site-wide spec: one owns the port at a time).
let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});
const titles = [`${tag} Wiśniewska wakes`, `${tag} Nguyễn plumes`, `${tag} Кузнецова shells`];

/** What the author's own list says of their paper: nothing of a held decision. */
async function statusSeenBy(author: APIRequestContext): Promise<string> {
  const response = await author.get('api/papers/user');
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { status: string }[])[0]!.status;
}

/** The release setting is the whole site's (this spec runs alone: SITE_WIDE_SPECS): put it back. */
async function setReleaseMode(admin: APIRequestContext, mode: string): Promise<void> {
  const response = await admin.put('api/admin/decision-release', { data: { mode } });
  expect(response.ok(), await response.text()).toBe(true);
}

test('decisions held until the organiser releases them from the paper list; then the authors read them', async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const authors = [];
  for (const [i, title] of titles.entries()) {
    authors.push(
      await seedAuthor(playwright, baseURL!, ['Łucja Wiśniewska', 'Nguyễn Thị Hương', 'Анна Кузнецова'][i]!, {
        title,
        theme: 'Solid Mechanics and Dynamics',
        modeOfPresentation: 'Oral',
        firstAuthor: 'देवनागरी लेखक',
      }),
    );
  }
  await signInThroughApi(page, E2E_ADMIN);
  try {
    // The setting, on the Deadlines page, by keyboard.
    await page.goto('admin/deadlines');
    const setting = page.getByRole('group', { name: 'Release decisions' });
    await setting.getByRole('radio', { name: /When I release them/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save release setting' }).click();
    await expect(page.getByText('Release decisions: When I release them.')).toBeVisible();

    // Three decisions: two acceptances through the paper list, one changed to a decline before release.
    await page.goto('admin?section=papers');
    await searchPapers(page, tag);
    await expect(page.getByTestId('papers-found')).toHaveText('3 papers found');
    await page.getByRole('button', { name: 'Select all 3 matching' }).click();
    await page.getByRole('button', { name: 'Bulk actions' }).click();
    await page.getByRole('button', { name: 'Change status' }).click();
    const change = page.getByRole('dialog', { name: 'Change status' });
    await change.getByRole('radio', { name: 'Abstract Accepted' }).check();
    await change.getByRole('button', { name: 'Change status of 3 papers' }).click();
    await expect(change.getByTestId('bulk-summary')).toHaveText('3 changed, 0 skipped.');
    await expect(change.getByTestId('bulk-held')).toContainText('3 decisions are held');
    await change.getByRole('button', { name: 'Close' }).click();
    await setStatus(page.request, authors[2]!.paperId!, 'declined', 'Не принято, спасибо.');

    // The authors see nothing; the organisers see each decision held.
    for (const { session } of authors) expect(await statusSeenBy(session)).toBe('review_awaited');
    await page.reload();
    await searchPapers(page, tag);
    const card = (title: string) => page.getByTestId('admin-paper-card').filter({ hasText: title });
    await expect(card(titles[0]!).getByTestId('paper-status')).toHaveText('Review Awaited');
    await expect(card(titles[0]!).getByTestId('held-decision')).toHaveText('Decision held: Abstract Accepted');
    await expect(card(titles[2]!).getByTestId('held-decision')).toHaveText('Decision held: Declined');
    await expect(page.getByTestId('held-decisions-bar')).toContainText('3 decisions held');
    await page.getByRole('button', { name: 'Show held decisions' }).click();
    await expect(page.getByTestId('papers-found')).toHaveText('3 papers found');

    // Released from the paper list: the counts first, then the release.
    await page.getByRole('button', { name: 'Release decisions…' }).first().click();
    const release = page.getByRole('dialog', { name: 'Release decisions' });
    await expect(release.getByTestId('release-count')).toHaveText('3 held decisions:');
    await expect(release).toContainText('Abstract Accepted: 2');
    await expect(release).toContainText('Declined: 1');
    await expect(release.getByTestId('release-emails')).toContainText('3 e-mails will go to the authors');
    await release.getByRole('button', { name: 'Release 3 decisions' }).click();
    await expect(release.getByTestId('release-summary')).toHaveText('3 decisions released.');
    await release.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('held-decisions-bar')).toHaveCount(0);

    // The authors read their decisions, the final one for the paper decided twice.
    expect(await statusSeenBy(authors[0]!.session)).toBe('abstract_accepted');
    expect(await statusSeenBy(authors[1]!.session)).toBe('abstract_accepted');
    expect(await statusSeenBy(authors[2]!.session)).toBe('declined');
    // Their decision e-mails are in the Outbox, sent (this server has a mail server): one each.
    await page.goto('admin?section=outbox');
    await page.getByLabel('Kind').selectOption({ label: 'Decision' });
    for (const { author } of authors) {
      const mails = page.getByTestId('outbox-mail').filter({ hasText: author.email });
      await expect(async () => {
        await page.reload();
        await page.getByLabel('Kind').selectOption({ label: 'Decision' });
        await expect(mails.first()).toContainText('Sent', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(mails).toHaveCount(1);
      expect(smtp.inbox.filter((mail) => mail.to.includes(author.email))).toHaveLength(1);
    }
    const authorContext = await browser.newContext({ baseURL });
    try {
      const authorPage = await authorContext.newPage();
      await signInThroughApi(authorPage, authors[2]!.author);
      await authorPage.goto('profile');
      await expect(authorPage.getByTestId('paper-status').first()).toHaveText('Declined');
      await expect(authorPage.getByText('Не принято, спасибо.').first()).toBeVisible();
    } finally {
      await authorContext.close();
    }
  } finally {
    await setReleaseMode(page.request, 'on_entry');
  }
});
