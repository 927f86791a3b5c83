import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { recordPayment, seedAuthor, setStatus } from '../fixtures/dashboard-seed.ts';
import { searchPapers } from '../fixtures/list-search.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

const tag = `Ms${Date.now().toString(36)}`;
const titles = [`${tag} Plates`, `${tag} Shells`, `${tag} Beams`];

test('an organiser messages the unpaid accepted authors, with a template and a preview, and follows the delivery', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const seeded = [];
  for (const title of titles) {
    seeded.push(
      await seedAuthor(playwright, baseURL!, `Author of ${title}`, {
        title,
        theme: 'Solid Mechanics and Dynamics',
        modeOfPresentation: 'Oral',
        firstAuthor: 'First Author',
      }),
    );
  }
  await signInThroughApi(page, E2E_ADMIN);
  for (const { paperId } of seeded) await setStatus(page.request, paperId!, 'abstract_accepted');
  await recordPayment(seeded[0]!.session, seeded[0]!.paperId!, `PAY-${tag}`);

  await page.goto('admin?section=papers');
  await searchPapers(page, tag);
  await page.getByLabel('Status', { exact: true }).selectOption('abstract_accepted');
  await page.getByLabel('Payment').selectOption('unpaid');
  await expect(page.getByTestId('papers-found')).toHaveText('2 papers found');
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Payment: Unpaid');

  // Nothing ticked: the message goes to every paper the filter matches.
  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await page.getByRole('button', { name: 'Message authors' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message authors' });
  await expect(dialog.getByTestId('message-audience')).toHaveText(
    'To: the authors of all 2 papers matching the filter',
  );
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('Please enter a subject.')).toBeVisible();
  await dialog.getByLabel('Subject').fill(`${tag} payment for {paperId}`);
  await dialog.getByLabel('Message').fill('Dear {nmae}, please pay.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(/^Unknown placeholder \{nmae\}/)).toBeVisible();
  await dialog.getByLabel('Message').fill('Dear {name}, "{title}" is {status}: please pay.');

  // Saved as a template, and there to choose next time.
  await dialog.getByRole('button', { name: 'Save as template' }).click();
  await dialog.getByLabel('Template name').fill(`${tag} reminder`);
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog.getByText(`Template "${tag} reminder" saved.`)).toBeVisible();
  await expect(dialog.getByLabel('Template')).toHaveValue(/.+/);

  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('message-recipient-count')).toHaveText('2 authors will receive it.');
  const samples = dialog.getByRole('list', { name: 'What the first recipients read' });
  await expect(samples).toContainText(`Dear Author of ${titles[1]}, "${titles[1]}" is Abstract Accepted: please pay.`);
  await expect(samples).not.toContainText(titles[0]!);

  // A double click sends once.
  await dialog.getByRole('button', { name: 'Send to 2 authors' }).dblclick();
  await expect(dialog.getByTestId('message-sent')).toContainText('Sent to 2 authors');
  await dialog.getByRole('link', { name: 'See deliveries on the Messages page' }).click();

  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const sent = page.getByTestId('sent-message').filter({ hasText: `${tag} payment` });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('To Papers: Abstract Accepted, unpaid, matching');
  await expect(sent).toContainText('2 authors');
  await sent.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Message deliveries' })).toBeVisible();
  await expect(page.getByTestId('message-recipient')).toHaveCount(2);
  await expect(page.getByTestId('message-recipient').first()).toContainText(/Queued|Sent|Failed/);

  // The authors were notified in the site too.
  const notices = await seeded[1]!.session.get('api/notifications?limit=5');
  expect(JSON.stringify(await notices.json())).toContain(`${tag} payment for`);
});

test('a question from an author shows as unread in the paper list, which sorts it first by the latest message', async ({
  page,
  playwright,
  baseURL,
}) => {
  const title = `${tag} Question`;
  const { session, paperId } = await seedAuthor(playwright, baseURL!, `Author of ${title}`, {
    title,
    theme: 'Solid Mechanics and Dynamics',
    modeOfPresentation: 'Oral',
    firstAuthor: 'First Author',
  });
  const asked = await session.post(`api/chat/papers/${paperId}/messages`, { multipart: { message: 'Is it late?' } });
  expect(asked.status(), await asked.text()).toBe(201);

  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=papers');
  await searchPapers(page, tag);
  await page.getByLabel('Messages').selectOption('yes');
  await expect(page.getByTestId('papers-found')).toHaveText('1 paper found');
  const card = page.getByTestId('admin-paper-card').filter({ hasText: title });
  await expect(card.getByTestId('unread-messages')).toContainText('1');

  await page.getByLabel('Sort by').selectOption('latestMessage');
  await expect(page.getByTestId('admin-paper-card').first()).toContainText(title);
});
