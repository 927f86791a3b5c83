import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { apiSessionAs } from '../fixtures/api.ts';
import { guidePicture } from '../fixtures/guide-pictures.ts';
import { pdfFile, setPaperStatusAsAdmin, signInThroughApi } from '../fixtures/papers.ts';

test('an organiser sets the fees, confirms one payment and rejects another; the authors see it and the rejected one enters a new ID', async ({
  browser,
  page,
  playwright,
  baseURL,
}) => {
  // Two authors, an organiser and five pictures: longer than one page's test.
  test.setTimeout(180_000);
  // Two accepted papers whose authors entered a payment ID.
  const anon = await playwright.request.newContext({ baseURL });
  const authors = [await registerAuthor(anon, 'Анна Петрова'), await registerAuthor(anon, 'अनिल कुमार')];
  const papers: { id: string; ictacemId: string; paymentId: string }[] = [];
  for (const [index, author] of authors.entries()) {
    const session = await apiSessionAs(playwright, baseURL!, author);
    const submitted = await session.post('api/papers/submit', {
      multipart: {
        title: index === 0 ? 'Wake dynamics of tandem cylinders' : 'Buckling of thin shells under impact',
        theme: 'Solid Mechanics and Dynamics',
        ictacemId: author.customUserId,
        modeOfPresentation: 'Oral',
        authors: JSON.stringify([{ name: author.username, affiliation: 'Institute', address: 'Kharagpur' }]),
        paperPdf: pdfFile('abstract.pdf'),
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const paper = ((await submitted.json()) as { paper: { _id: string; ictacemId: string } }).paper;
    await setPaperStatusAsAdmin(anon, paper._id, 'abstract_accepted', '');
    const paymentId = `CEP2025${Date.now().toString().slice(-6)}${index}`;
    expect((await session.patch(`api/papers/${paper._id}/payment`, { data: { paymentId } })).ok()).toBe(true);
    papers.push({ id: paper._id, ictacemId: paper.ictacemId, paymentId });
    await session.dispose();
  }

  // The organiser's Fees page: two categories, in rupees and in dollars.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin/fees');
  await expect(page.getByRole('heading', { name: 'Fees', level: 1 })).toBeVisible();
  for (const [name, currency, early, late] of [
    ['Student (Indian participants)', 'INR', '5000', '6000'],
    ['Academic (foreign participants)', 'USD', '300', '350.50'],
  ] as const) {
    await page.getByLabel('Category', { exact: true }).fill(name);
    await page.getByLabel('Currency').first().selectOption(currency);
    await page.getByLabel('Early-bird amount').fill(early);
    await page.getByLabel('Late amount').fill(late);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toBeVisible();
  }
  await expect(page.getByRole('row', { name: /Academic/ })).toContainText('USD 350.50');

  // Confirm the first paper's payment, received on 12 November 2025: the early-bird rate.
  const first = page.getByTestId(`payment-${papers[0]!.ictacemId}`);
  await first.getByRole('button', { name: 'Confirm' }).click();
  await first.getByLabel('Date received').fill('2025-11-12');
  await first.getByLabel('Amount').fill('5000');
  await guidePicture(page, 'payments-confirm-1280');
  await first.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Payment confirmed.' })).toBeVisible();

  // Reject the second one, with the reason the author is sent.
  const second = page.getByTestId(`payment-${papers[1]!.ictacemId}`);
  await second.getByRole('button', { name: 'Reject' }).click();
  await second
    .getByLabel('Reason (sent to the author)')
    .fill('No payment with this ID reached the institute’s account.');
  await second.getByRole('button', { name: 'Reject payment' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Payment rejected.' })).toBeVisible();

  await page.getByLabel('Payment', { exact: true }).selectOption('confirmed');
  await expect(page.getByTestId(`payment-${papers[0]!.ictacemId}`)).toContainText(
    'Payment confirmed on 12 November 2025 (early-bird rate), INR 5,000.00',
  );
  await guidePicture(page, 'fees-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await guidePicture(page, 'fees-390');

  // The timeline keeps who confirmed and when.
  const organiser = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const timeline = (await (await organiser.get(`api/admin/papers/${papers[0]!.id}/timeline`)).json()) as {
    timeline: { action: string; label: string; actor: { name: string } | null }[];
  };
  expect(timeline.timeline.find((e) => e.action === 'payment_confirmed')?.label).toContain('Early bird');
  await organiser.dispose();

  // The first author sees the confirmation on their paper card.
  const firstAuthor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInThroughApi(firstAuthor, authors[0]!);
  await firstAuthor.goto('profile');
  await expect(firstAuthor.getByTestId('payment-id')).toHaveText(papers[0]!.paymentId, { timeout: 20_000 });
  await expect(firstAuthor.getByTestId('payment-confirmed')).toHaveText(
    'Payment confirmed on 12 November 2025 (early-bird rate): INR 5,000.00.',
    { timeout: 20_000 },
  );
  await guidePicture(firstAuthor, 'author-payment-confirmed-390');

  // The confirmed author downloads the receipt: a PDF with its receipt number and verification code.
  const fees = (await (await firstAuthor.request.get(`api/papers/${papers[0]!.id}/fees`)).json()) as {
    payment: { confirmation: { receiptNumber: number } };
  };
  const receiptNumber = String(fees.payment.confirmation.receiptNumber).padStart(5, '0');
  const [download] = await Promise.all([
    firstAuthor.waitForEvent('download'),
    firstAuthor.getByRole('link', { name: 'Payment receipt (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${papers[0]!.ictacemId}_receipt_${receiptNumber}.pdf`);
  const receipt = await PDFDocument.load(await readFile((await download.path())!), { updateMetadata: false });
  expect(receipt.getTitle()).toBe(`Payment receipt ${receiptNumber} ${papers[0]!.ictacemId}`);
  const code = /verification code (\S+)$/.exec(receipt.getSubject() ?? '')?.[1];
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

  // Anyone with the code checks the receipt on the verification page: number, paper, amount, day.
  await firstAuthor.goto(`verify-letter/${code}`);
  const verdict = firstAuthor.getByTestId('letter-verdict');
  await expect(verdict).toContainText('Genuine receipt', { timeout: 20_000 });
  await expect(verdict).toContainText(`Receipt No. ${receiptNumber}`);
  await expect(verdict).toContainText(papers[0]!.ictacemId);
  await expect(verdict).toContainText('INR 5,000.00 received on 12 November 2025');
  await expect(verdict).not.toContainText(authors[0]!.username);
  await firstAuthor.close();

  // The organiser makes every receipt into one ZIP, in the background.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Receipts (ZIP)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipts (ZIP)' });
  await dialog.getByRole('button', { name: 'Make the ZIP' }).click();
  const zipLink = dialog.getByRole('link', { name: /Download ictacem2025-payment-receipts\.zip/ });
  await expect(zipLink).toBeVisible({ timeout: 60_000 });
  const zip = await page.request.get((await zipLink.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The second author reads why, sees the fees beside the instructions, and enters another ID.
  const secondAuthor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInThroughApi(secondAuthor, authors[1]!);
  await secondAuthor.goto('profile');
  await expect(secondAuthor.getByTestId('payment-rejected')).toContainText(
    'No payment with this ID reached the institute’s account.',
    { timeout: 20_000 },
  );
  await expect(secondAuthor.getByTestId('fee-table')).toContainText('USD 300.00');
  await secondAuthor.getByLabel('Your fee category').selectOption({ label: 'Academic (foreign participants) (USD)' });
  await expect(secondAuthor.getByTestId('toast-success').filter({ hasText: 'Fee category saved.' })).toBeVisible();
  await guidePicture(secondAuthor, 'author-payment-rejected-1280');
  await secondAuthor.getByLabel('Payment ID').fill('CEP2025NEW4242');
  await secondAuthor.getByRole('button', { name: 'Save' }).click();
  await expect(secondAuthor.getByTestId('payment-id')).toHaveText('CEP2025NEW4242');
  await secondAuthor.close();
});
