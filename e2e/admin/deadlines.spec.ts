import { type APIRequestContext, expect, test } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { seedAuthor, setStatus } from '../fixtures/dashboard-seed.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

// The inputs are in IST whatever the browser's own zone: the browser runs far from it.
test.use({ timezoneId: 'America/New_York' });

type Dates = Record<string, string>;

async function currentDates(request: APIRequestContext): Promise<Dates> {
  const response = await request.get('api/admin/settings/deadlines');
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { dates: Dates }).dates;
}

/** Puts dates back as they were: every spec shares the one server. */
async function restoreDates(request: APIRequestContext, dates: Dates): Promise<void> {
  const response = await request.put('api/admin/settings/deadlines', { data: dates });
  expect(response.ok(), await response.text()).toBe(true);
}

test('an organiser moves the conference days in IST, sees them in the history and the header, and is told when a deadline would fall after the notification', async ({
  page,
}) => {
  await signInThroughApi(page, E2E_ADMIN);
  const original = await currentDates(page.request);
  try {
    await page.goto('admin');
    await page.getByRole('link', { name: 'Deadlines', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Deadlines' })).toBeVisible();
    await expect(page.getByTestId('grace-period')).toHaveText(/^Grace period: /);
    expect(await seriousViolations(page)).toEqual([]);

    // This server's conference days follow its far-off deadlines (OPEN_DEADLINES): 4-6 January 2100.
    const row = page.locator('[data-testid="date-row"][data-key="conferenceStarts"]');
    await expect(row).toContainText('4 January 2100 09:00 IST');
    const starts = page.getByLabel('ICTACEM 2025 begins', { exact: true });
    await expect(starts).toHaveValue('2100-01-04T09:00');
    await starts.fill('2100-01-05T10:30');
    await page.getByLabel('ICTACEM 2025 ends', { exact: true }).fill('2100-01-07T18:00');
    await expect(row).toContainText('Not saved yet: 5 January 2100 10:30 IST');
    await page.getByRole('button', { name: 'Save dates' }).click();

    await expect(page.getByTestId('dates-saved')).toHaveText('The dates were saved.');
    await expect(row).toContainText('5 January 2100 10:30 IST');
    await expect(row).toContainText('Changed');
    const startsChange = page.getByTestId('date-change').filter({ hasText: 'ICTACEM 2025 begins' });
    await expect(startsChange).toContainText('4 January 2100 09:00 IST');
    await expect(startsChange).toContainText('5 January 2100 10:30 IST');
    await expect(startsChange).toContainText('Administrator');
    // Stored with IST's offset, not the browser's; every page header prints the new days.
    expect((await currentDates(page.request)).conferenceStarts).toBe('2100-01-05T10:30:00+05:30');
    await page.goto('');
    await expect(page.getByRole('banner').getByText('5-7 January 2100')).toBeVisible();
    await page.goto('admin/deadlines');

    // The server refuses the set, names both dates, and the admin's edit stays to be corrected.
    const notification = page.getByLabel('Notification of acceptance', { exact: true });
    await notification.fill('2099-12-01T10:00');
    await page.getByRole('button', { name: 'Save dates' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The extended abstract deadline (31 December 2099 23:59 IST) must be on or before the notification of acceptance (1 December 2099 10:00 IST).',
    );
    await expect(notification).toHaveValue('2099-12-01T10:00');
    expect((await currentDates(page.request)).notification).toBe(original.notification);
  } finally {
    await restoreDates(page.request, {
      conferenceStarts: original.conferenceStarts!,
      conferenceEnds: original.conferenceEnds!,
    });
  }
});

test("the dashboard's next deadline counts the papers it waits for and lists them", async ({
  page,
  playwright,
  baseURL,
}) => {
  const title = `Nd${Date.now().toString(36)} Unpaid plates`;
  const { paperId } = await seedAuthor(playwright, baseURL!, 'Unpaid Author', {
    title,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'First Author',
  });
  await signInThroughApi(page, E2E_ADMIN);
  await setStatus(page.request, paperId!, 'abstract_accepted');
  const original = await currentDates(page.request);
  try {
    // The payment deadline comes first, still far off: the abstract round before it is over (in order).
    await restoreDates(page.request, {
      abstractDeadline: '2025-10-15T23:59:59+05:30',
      biddingCloses: '2025-10-20T23:59:59+05:30',
      reviewDeadline: '2025-10-28T23:59:59+05:30',
      notification: '2025-10-31T00:00:00+05:30',
      paymentDeadline: '2098-06-30T23:59:59+05:30',
    });
    await page.goto('admin?section=dashboard');
    const card = page.getByRole('region', { name: 'Next deadline' });
    await expect(card.getByTestId('next-deadline-when')).toHaveText(
      /^Last date to enter the payment ID: 30 June 2098 23:59 IST, [\d,]+ days left$/,
    );
    const countText = await card.getByTestId('next-deadline-count').textContent();
    const count = Number(/^([\d,]+) accepted papers? without a payment ID$/.exec(countText!)![1]!.replace(/,/g, ''));
    expect(count).toBeGreaterThanOrEqual(1);

    await card.getByRole('link', { name: 'Show these papers' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Paper Management' })).toBeFocused();
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect(chips).toContainText('Status: Abstract Accepted');
    await expect(chips).toContainText('Payment: Unpaid');
    await expect(page.getByTestId('papers-found')).toHaveText(`${count} ${count === 1 ? 'paper' : 'papers'} found`);
  } finally {
    await restoreDates(page.request, {
      abstractDeadline: original.abstractDeadline!,
      biddingCloses: original.biddingCloses!,
      reviewDeadline: original.reviewDeadline!,
      notification: original.notification!,
      paymentDeadline: original.paymentDeadline!,
    });
  }
});

test("an organiser extends one paper's deadline and reopens its abstract until a date; the timeline shows both", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Dl${Date.now().toString(36)} Late full paper`;
  const { paperId } = await seedAuthor(playwright, baseURL!, 'Late Author', {
    title,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'First Author',
  });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto(`admin/paper/${paperId}`);

  const panel = page.getByRole('region', { name: 'Deadlines' });
  const fullPaper = panel.getByTestId('deadline-fullPaper');
  await expect(panel.getByTestId('deadline-abstract')).toContainText('Done');
  await expect(fullPaper).not.toContainText('Extended');

  await panel.getByRole('button', { name: 'Extend a deadline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend a deadline' });
  // The abstract is in: only the steps still to do can be extended.
  await expect(dialog.getByLabel('Step').locator('option')).toHaveText(['Payment', 'Full paper']);
  // Nothing typed: each field says what it needs, and nothing is sent.
  await dialog.getByRole('button', { name: 'Extend deadline' }).click();
  await expect(dialog.getByText('Enter the date and time until which the step stays open.')).toBeVisible();
  await expect(dialog.getByText('Please give a reason for the extension.')).toBeVisible();
  await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Step').selectOption({ label: 'Full paper' });
  await expect(dialog.getByLabel('Step')).toHaveAccessibleDescription(/^Now: /);
  await dialog.getByLabel('Open until').fill('2020-01-15T18:00');
  await dialog.getByLabel('Reason').fill('Lab closed for a week.');
  await dialog.getByRole('button', { name: 'Extend deadline' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The extension must end in the future.');

  // After the conference's own deadline (31 December 2099 on this server), so the extension is the one that applies.
  await dialog.getByLabel('Open until').fill('2100-01-15T18:00');
  await dialog.getByRole('button', { name: 'Extend deadline' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast-success')).toContainText('The deadline was extended for this paper.');
  await expect(fullPaper).toContainText('15 January 2100 18:00 IST');
  await expect(fullPaper).toContainText('Extended');

  // A reset with a date: the abstract may come again until then, and can be extended too.
  await page.getByTestId('submission-row-abstract').getByRole('button', { name: 'Reset abstract' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Abstract Submission' });
  await reset.getByLabel('Reason for the reset').fill('Please use the template.');
  await reset.getByLabel('Re-upload open until (optional)').fill('2020-02-01T12:00');
  await reset.getByRole('button', { name: 'Reset Abstract' }).click();
  await expect(reset.getByRole('alert')).toHaveText('The extension must end in the future.');
  // Refused as a whole: the abstract is still there.
  await expect(page.getByTestId('submission-row-abstract').getByText('Submitted', { exact: true })).toBeVisible();
  await reset.getByLabel('Re-upload open until (optional)').fill('2100-02-01T12:00');
  await reset.getByRole('button', { name: 'Reset Abstract' }).click();
  await expect(reset).toHaveCount(0);
  await expect(panel.getByTestId('deadline-abstract')).toContainText('1 February 2100 12:00 IST');
  await expect(panel.getByTestId('deadline-abstract')).toContainText('Extended');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const extended = page.locator('[data-testid="timeline-entry"][data-action="deadline_extended"]');
  await expect(extended).toContainText('Deadline extended');
  await expect(extended).toContainText('Open until 15 January 2100 18:00 IST');
  await expect(extended).toContainText('Lab closed for a week.');
  // When it happened: the site's one style, in the organiser's zone and naming it.
  await expect(extended).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4} \d{2}:\d{2} E[SD]T\b/);
  const resetEntry = page.locator('[data-testid="timeline-entry"][data-action="abstract_reset"]');
  await expect(resetEntry).toContainText('Open until 1 February 2100 12:00 IST');
});
