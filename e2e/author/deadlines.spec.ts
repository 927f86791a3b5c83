import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ConferenceDateKey } from '@shared/domain/deadlines.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { sessionTokenOf } from '../fixtures/api.ts';
import { pdfFile, setPaperStatusAsAdmin, signInThroughApi, submitPaperThroughApi } from '../fixtures/papers.ts';

// The visitor's own time shows beside the conference's: one zone, so the texts are known.
test.use({ timezoneId: 'Europe/Berlin' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The e2e server's deadlines stay open until then; the browser's clock is moved up to them. */
const FAR_DEADLINE = OPEN_DEADLINES.abstractDeadline;
/** A past date after abstract submission opened: the server refuses at once (no grace period in e2e). */
const PAST_DEADLINE = '2025-10-15T23:59:59+05:30';

/** An abstract round already over, before PAST_DEADLINE, for a payment deadline in the past. */
const PAST_ABSTRACT_ROUND = {
  abstractDeadline: '2025-10-01T23:59:59+05:30',
  biddingCloses: '2025-10-05T23:59:59+05:30',
  reviewDeadline: '2025-10-08T23:59:59+05:30',
  notification: '2025-10-10T00:00:00+05:30',
};

/** Changes conference dates as the admin and returns what they were, to put back. */
async function changeDates(
  request: APIRequestContext,
  changes: Partial<Record<ConferenceDateKey, string>>,
): Promise<Partial<Record<ConferenceDateKey, string>>> {
  const authorization = `Bearer ${await sessionTokenOf(request, E2E_ADMIN)}`;
  const before = await request.get('api/settings/deadlines');
  const { dates } = (await before.json()) as { dates: Record<ConferenceDateKey, string> };
  const response = await request.put('api/admin/settings/deadlines', { data: changes, headers: { authorization } });
  expect(response.status(), await response.text()).toBe(200);
  return Object.fromEntries(Object.keys(changes).map((key) => [key, dates[key as ConferenceDateKey]]));
}

/** Runs `body` with some dates changed, and always restores them: every spec shares the server. */
async function withDates(
  request: APIRequestContext,
  changes: Partial<Record<ConferenceDateKey, string>>,
  body: () => Promise<void>,
) {
  const original = await changeDates(request, changes);
  try {
    await body();
  } finally {
    await changeDates(request, original);
  }
}

const countdown = (page: Page) => page.getByTestId('deadline-countdown');
const closedMessage = (page: Page) => page.getByRole('status').filter({ hasText: 'has passed' });

test('/submit counts down to the abstract deadline, then shows it closed instead of the button', async ({
  page,
  request,
}) => {
  const author = await registerAuthor(request, 'Countdown Author');
  await signInThroughApi(page, author);
  await page.clock.install({ time: Date.parse(FAR_DEADLINE) - (3 * DAY + 4 * HOUR) });
  await page.goto('submit');

  const submitLink = page.getByRole('main').getByRole('link', { name: 'Submit Your Paper' });
  await expect(countdown(page)).toHaveText(
    'Extended abstract deadline: Closes in 3 days, 31 December 23:59 IST = 19:29 CET',
  );
  await expect(submitLink).toBeVisible();

  // The notice reads the clock every 30 s on its own.
  await page.clock.fastForward(3 * DAY + 3 * HOUR);
  await expect(countdown(page)).toContainText('Closes in 59 minutes, 31 December 23:59 IST');
  await page.clock.fastForward(59 * MINUTE);
  await expect(countdown(page)).toContainText('Closes in less than a minute');
  await expect(submitLink).toBeVisible();

  await page.clock.fastForward(MINUTE);
  await expect(closedMessage(page)).toHaveText(
    'The extended abstract deadline, 31 December 2099 23:59 IST, has passed.',
  );
  await expect(countdown(page)).toHaveCount(0);
  await expect(submitLink).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Submit Extended Abstract/Paper' })).toBeVisible();
});

test('after the abstract deadline the pages say so, the wizard is gone and the server refuses with 403', async ({
  page,
  request,
}) => {
  const author = await registerAuthor(request, 'Late Author');
  await signInThroughApi(page, author);
  const passed = 'The extended abstract deadline, 15 October 2025 23:59 IST, has passed.';

  await withDates(request, { abstractDeadline: PAST_DEADLINE }, async () => {
    await page.goto('submit');
    await expect(closedMessage(page)).toHaveText(passed);
    await expect(page.getByRole('link', { name: 'Submit Your Paper' })).toHaveCount(0);

    await page.goto('submit-paper');
    await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Extended Abstract' })).toBeVisible();
    await expect(closedMessage(page)).toHaveText(passed);
    await expect(page.getByRole('heading', { name: /Paper Details/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);

    const refused = await page.request.post('api/papers/submit', {
      multipart: {
        title: 'Too late',
        theme: 'Solid Mechanics and Dynamics',
        ictacemId: author.customUserId,
        modeOfPresentation: 'Oral',
        authors: JSON.stringify([{ name: 'Late Author', affiliation: 'Institute', address: 'Somewhere' }]),
        paperPdf: pdfFile('abstract.pdf'),
      },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(passed);
  });
});

test('a wizard being filled in when the deadline passes keeps what the author typed, beside the closed message', async ({
  page,
  request,
}) => {
  const author = await registerAuthor(request, 'Typing Author');
  await signInThroughApi(page, author);
  await page.clock.install({ time: Date.parse(FAR_DEADLINE) - 2 * MINUTE });
  await page.goto('submit-paper');
  await page.getByLabel('Paper Title').fill('Written at the last minute');

  await page.clock.fastForward(3 * MINUTE);
  await expect(closedMessage(page)).toHaveText(
    'The extended abstract deadline, 31 December 2099 23:59 IST, has passed.',
  );
  await expect(page.getByLabel('Paper Title')).toHaveValue('Written at the last minute');
});

test("when the page's clock is behind the server's, the wizard keeps the server's refusal in view", async ({
  page,
  request,
}) => {
  const author = await registerAuthor(request, 'Skewed Author');
  await signInThroughApi(page, author);
  await page.clock.install({ time: Date.parse(PAST_DEADLINE) - (5 * DAY + HOUR) });

  await withDates(request, { abstractDeadline: PAST_DEADLINE }, async () => {
    await page.goto('submit-paper');
    await expect(countdown(page)).toContainText('Closes in 5 days, 15 October 23:59 IST = 20:29 CEST');
    await page.getByLabel('Paper Title').fill('Skewed clocks');
    await page.getByLabel('Theme').selectOption({ label: 'Aerodymanics and Fluid Mechanics' });
    await page.getByLabel('Mode of Presentation').selectOption('Oral');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('Skewed Author');
    await page.getByLabel('Affiliation', { exact: true }).fill('Institute');
    await page.getByLabel('Address', { exact: true }).fill('Somewhere');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Extended abstract (PDF)').setInputFiles(pdfFile('abstract.pdf'));
    await page.getByLabel(/I confirm that I have followed/).check();
    await page.getByRole('button', { name: 'Submit Paper' }).click();

    await expect(page.getByRole('heading', { name: /Paper Details/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'The extended abstract deadline, 15 October 2025 23:59 IST, has passed.',
    );
  });
});

test("an accepted paper's card counts down to the payment deadline, then closes the payment form", async ({
  page,
  request,
}) => {
  const author = await registerAuthor(request, 'Paying Author');
  await signInThroughApi(page, author);
  const paperId = await submitPaperThroughApi(page, { title: 'Shock tubes at dawn', ictacemId: author.customUserId });
  await setPaperStatusAsAdmin(request, paperId, 'abstract_accepted', 'Accepted');

  await page.clock.install({ time: Date.parse(OPEN_DEADLINES.paymentDeadline) - (4 * HOUR + 30 * MINUTE) });
  await page.goto('profile');
  const card = page.getByTestId('paper-card');
  await expect(card.getByTestId('deadline-countdown')).toHaveText(
    'Payment deadline: Closes in 4 hours, 31 December 23:59 IST = 19:29 CET',
  );
  await expect(card.getByLabel('Payment ID')).toBeVisible();

  await page.clock.fastForward(5 * HOUR);
  // Announced as a status; the card's other sections may still be loading theirs beside it.
  await expect(card.getByRole('status').filter({ hasText: 'The payment deadline' })).toHaveText(
    'The payment deadline, 31 December 2099 23:59 IST, has passed.',
  );
  await expect(card.getByLabel('Payment ID')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // The notification and the abstract deadline move before it too: the calendar keeps its order.
  await withDates(request, { ...PAST_ABSTRACT_ROUND, paymentDeadline: PAST_DEADLINE }, async () => {
    const refused = await page.request.patch(`api/papers/${paperId}/payment`, { data: { paymentId: 'PAY-LATE-1' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'The payment deadline, 15 October 2025 23:59 IST, has passed.',
    );
  });
});
