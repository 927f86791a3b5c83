import { expect, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { apiSessionAs } from '../fixtures/api.ts';
import { guidePicture } from '../fixtures/guide-pictures.ts';
import { pdfFile, setPaperStatusAsAdmin, signInThroughApi } from '../fixtures/papers.ts';

test('an organiser imports the portal’s statement, maps its columns, confirms the matched row and resolves a near match by hand', async ({
  browser,
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString().slice(-7);
  const organiser = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const category = await organiser.post('api/admin/fees/categories', {
    data: { name: `Statement import ${stamp} (Indian)`, currency: 'INR', earlyBird: '5000', late: '6000' },
  });
  expect(category.status(), await category.text()).toBe(200);
  const categoryId = ((await category.json()) as { category: { _id: string } }).category._id;
  // A mapping that names a column the file lacks: the import asks for the mapping again.
  await organiser.put('api/admin/payment-statements/mapping', {
    data: {
      paymentId: 'No such column',
      amount: 'Amount',
      currency: '',
      receivedOn: 'Date of Payment',
      payerName: '',
      decimalSeparator: '.',
      dateFormat: 'DD/MM/YYYY',
      defaultCurrency: 'INR',
    },
  });

  // Three accepted papers whose authors entered a payment ID and picked the category.
  const anon = await playwright.request.newContext({ baseURL });
  const names = ['王小明', 'Zofia Wójcik', 'Nguyễn Thị Lan'];
  const authors = [];
  const papers: { id: string; ictacemId: string; paymentId: string }[] = [];
  for (const [index, name] of names.entries()) {
    const author = await registerAuthor(anon, name);
    authors.push(author);
    const session = await apiSessionAs(playwright, baseURL!, author);
    const submitted = await session.post('api/papers/submit', {
      multipart: {
        title: `Heat transfer in a statement test ${index + 1}`,
        theme: 'Solid Mechanics and Dynamics',
        ictacemId: author.customUserId,
        modeOfPresentation: 'Oral',
        authors: JSON.stringify([{ name, affiliation: 'Institute', address: 'Kharagpur' }]),
        paperPdf: pdfFile('abstract.pdf'),
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const paper = ((await submitted.json()) as { paper: { _id: string; ictacemId: string } }).paper;
    await setPaperStatusAsAdmin(anon, paper._id, 'abstract_accepted', '');
    const paymentId = `CEP${stamp}${index}8`;
    expect((await session.patch(`api/papers/${paper._id}/payment`, { data: { paymentId } })).ok()).toBe(true);
    expect((await session.put(`api/papers/${paper._id}/fee-category`, { data: { categoryId } })).ok()).toBe(true);
    papers.push({ id: paper._id, ictacemId: paper.ictacemId, paymentId });
    await session.dispose();
  }
  await organiser.dispose();

  // The portal's export: the first paid the early-bird fee, the second paid it late, the third
  // typed two digits the other way round, and one row has no amount the reader can take.
  const swapped = papers[2]!.paymentId.replace(/(\d)8$/, '8$1');
  const csv = [
    'Transaction ID,Amount,Date of Payment,Payer Name',
    `${papers[0]!.paymentId},"5,000.00",12/11/2025 10:31:07,${names[0]}`,
    `${papers[1]!.paymentId},5000.00,20/11/2025 09:02:44,${names[1]}`,
    `${swapped},5000.00,13/11/2025 08:15:10,${names[2]}`,
    `CEP${stamp}99,five thousand,13/11/2025 08:15:10,Anonymous`,
  ].join('\n');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin/fees');
  const importPanel = page.getByRole('region', { name: 'Import payments' });
  await importPanel
    .getByLabel('Statement file')
    .setInputFiles({ name: 'portal-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importPanel.getByRole('button', { name: 'Import payments' }).click();

  // The mapping, chosen once.
  const mapping = importPanel.getByRole('form', { name: 'Column mapping' });
  await expect(mapping).toContainText('The statement has no column named “No such column”');
  await mapping.getByLabel('Payment ID column').selectOption('Transaction ID');
  await mapping.getByLabel('Amount column').selectOption('Amount');
  await mapping.getByLabel('Date received column').selectOption('Date of Payment');
  await mapping.getByLabel('Payer name column').selectOption('Payer Name');
  await mapping.getByLabel('Date format').selectOption('DD/MM/YYYY');
  await mapping.getByRole('button', { name: 'Save mapping and import' }).click();

  // The classes, each row with its line and reason.
  const report = importPanel.getByTestId('statement-report');
  await expect(report.getByTestId('class-count-matched')).toHaveText('Matched: 1');
  await expect(report.getByTestId('class-count-amount_differs')).toHaveText('Amount differs: 1');
  await expect(report.getByTestId('class-count-unmatched')).toHaveText('Unmatched: 1');
  await expect(report.getByTestId('class-count-unreadable')).toHaveText('Unreadable: 1');
  await expect(report.getByTestId('statement-line-3')).toContainText('INR 6,000.00 due');
  await expect(report.getByTestId('statement-line-4')).toContainText(`Close to: ${papers[2]!.paymentId}`);
  await expect(report.getByTestId('statement-line-5')).toContainText('The amount “five thousand” is not an amount');
  await guidePicture(page, 'payment-import-1280');

  // Confirm applies the matched row.
  await report.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '1 payment confirmed.' })).toBeVisible();
  await expect(report.getByTestId('statement-line-2')).toContainText('Confirmed');

  // The near match, confirmed by hand with a note.
  const near = report.getByTestId('statement-line-4');
  await near.getByRole('button', { name: 'Resolve' }).click();
  await expect(near.getByLabel('Paper')).toHaveValue(papers[2]!.id);
  await near
    .getByLabel('Note (a rejection’s note is sent to the author as the reason)')
    .fill('The payer swapped two digits; the portal’s receipt shows the paper’s ID.');
  await near.getByRole('button', { name: 'Confirm anyway' }).click();
  // Exactly: the toast of the Confirm before ("1 payment confirmed.") may still be shown.
  await expect(page.getByTestId('toast-success').getByText('Payment confirmed.', { exact: true })).toBeVisible();
  await expect(near).toContainText('Confirmed by hand: The payer swapped two digits');
  await page.setViewportSize({ width: 390, height: 844 });
  await guidePicture(page, 'payment-import-390');

  // The author of the matched row sees the confirmation.
  const author = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInThroughApi(author, authors[0]!);
  await author.goto('profile');
  await expect(author.getByTestId('payment-confirmed')).toHaveText(
    'Payment confirmed on 12 November 2025 (early-bird rate): INR 5,000.00.',
    { timeout: 20_000 },
  );
  await author.close();
});
