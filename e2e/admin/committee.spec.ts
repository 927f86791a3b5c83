import { expect, test } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { sessionTokenOf } from '../fixtures/api.ts';
import { logIn } from '../fixtures/captcha.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { E2E_SMTP_PORT } from '../fixtures/ports.ts';
import { pdfFile, signInThroughApi } from '../fixtures/papers.ts';

// The app under test sends its mail to this real SMTP server (a site-wide spec: one owns the port at a time).
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function invitationLinkFor(email: string): Promise<string> {
  await expect.poll(() => smtp.inbox.find((mail) => mail.to.includes(email)), { timeout: 15_000 }).toBeTruthy();
  const mail = smtp.inbox.find((m) => m.to.includes(email))!.raw;
  const link = /(http:\/\/127\.0\.0\.1:\d+\/ictacem2025\/committee-invitation\/[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, mail).toBeTruthy();
  return link!;
}

test('an organiser invites two reviewers by e-mail; one joins with a new account, the other declines', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // A paper in the joiner's theme, for them to bid on.
  const authorApi = await playwright.request.newContext({ baseURL });
  const author = await registerAuthor(authorApi, 'Ewa Nowak');
  const paperTitle = `Bid ${unique()} Wake of a flapping foil`;
  const submitted = await authorApi.post('api/papers/submit', {
    headers: { authorization: `Bearer ${await sessionTokenOf(authorApi, author)}` },
    multipart: {
      title: paperTitle,
      theme: 'Aerodynamics and Fluid Mechanics',
      modeOfPresentation: 'Oral',
      authors: JSON.stringify([{ name: 'Ewa Nowak', affiliation: 'Politechnika Gdańska', address: 'Gdańsk' }]),
      paperPdf: pdfFile('abstract.pdf'),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=committee');
  await expect(page.getByRole('heading', { level: 2, name: 'Programme Committee' })).toBeVisible();

  const invite = async (name: string, email: string, theme: string) => {
    await page.getByRole('button', { name: 'Invite reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite reviewer' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // Nothing typed: each field says what it needs, and nothing is sent.
    await expect(dialog.getByText('Please enter the reviewer’s name.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one theme.')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel(theme).check();
    await dialog.getByLabel('Maximum papers').fill('6');
    await dialog.getByLabel('Personal note (optional)').fill('Your papers on turbulence made us think of you.');
    expect(await seriousViolations(page), 'the invitation dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('toast-success').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  };

  const joiner = { name: '李静', email: `li.jing.${unique()}@example.org` };
  const decliner = { name: 'Александр Соколов', email: `a.sokolov.${unique()}@example.org` };
  await invite(joiner.name, joiner.email, 'Aerodynamics and Fluid Mechanics');
  await invite(decliner.name, decliner.email, 'Solid Mechanics and Dynamics');
  const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
  for (const { email } of [joiner, decliner]) {
    await expect(rowOf(email).getByText('Invited', { exact: true })).toBeVisible();
    await expect(rowOf(email).getByRole('cell', { name: '6', exact: true })).toBeVisible();
  }

  // The first reviewer opens the e-mailed link, signed out, and joins with a new account.
  const visitor = await browser.newContext();
  const invitee = await visitor.newPage();
  await invitee.goto(await invitationLinkFor(joiner.email));
  await expect(invitee.getByText(`Dear ${joiner.name}`)).toBeVisible();
  await expect(invitee.getByText('Aerodynamics and Fluid Mechanics')).toBeVisible();
  await expect(invitee.getByText('Your papers on turbulence made us think of you.')).toBeVisible();
  expect(await seriousViolations(invitee), 'the invitation page').toEqual([]);
  await invitee.getByLabel('Password', { exact: true }).fill('vortex shedding at low reynolds');
  await invitee.getByLabel('Confirm password', { exact: true }).fill('vortex shedding at low reynolds');
  await invitee.getByRole('button', { name: 'Accept and create my account' }).click();
  await expect(invitee.getByText('Welcome to the programme committee of ICTACEM 2025.')).toBeVisible();
  const invitationUrl = invitee.url();

  // The new member bids at once: each choice is saved as it is made, and kept.
  await invitee.getByRole('link', { name: 'Bid on papers' }).click();
  await expect(invitee.getByRole('heading', { level: 1, name: 'Bidding' })).toBeVisible();
  await expect(invitee.getByTestId('bid-progress')).toContainText('You have bid on 0 of');
  const card = invitee.getByTestId('bid-card').filter({ hasText: paperTitle });
  await invitee.getByLabel('Search titles').fill(paperTitle);
  await card.getByLabel('Eager').check();
  await expect(invitee.getByTestId('bid-progress')).toContainText('You have bid on 1 of');
  expect(await seriousViolations(invitee), 'the bidding page').toEqual([]);
  await invitee.reload();
  await invitee.getByLabel('Search titles').fill(paperTitle);
  await expect(card.getByLabel('Eager')).toBeChecked();
  await card.getByRole('button', { name: 'Clear' }).click();
  await expect(invitee.getByTestId('bid-progress')).toContainText('You have bid on 0 of');

  await invitee.goto(invitationUrl.slice(0, invitationUrl.indexOf('committee-invitation')) + 'profile');
  await expect(invitee.getByTestId('welcome-username')).toHaveText(joiner.name);
  // The link worked once.
  await invitee.goto(invitationUrl);
  await expect(invitee.getByText('This invitation has already been answered.')).toBeVisible();
  await visitor.close();

  // The second declines, with a reason.
  const other = await browser.newContext();
  const declining = await other.newPage();
  await declining.goto(await invitationLinkFor(decliner.email));
  await declining.getByLabel('Reason (optional)').fill('I am on sabbatical until March.');
  await declining.getByRole('button', { name: 'Decline the invitation' }).click();
  await expect(
    declining.getByText('Thank you for letting us know; the organisers will see your answer.'),
  ).toBeVisible();
  await other.close();

  await page.reload();
  await expect(rowOf(joiner.email)).toContainText('Accepted');
  await expect(rowOf(decliner.email)).toContainText('Declined');
  await expect(rowOf(decliner.email)).toContainText('I am on sabbatical until March.');
  expect(await seriousViolations(page), 'the committee table').toEqual([]);

  // Removing a member asks first.
  await rowOf(joiner.email)
    .getByRole('button', { name: `Remove: ${joiner.name}` })
    .click();
  await rowOf(joiner.email).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(
    page.getByTestId('toast-success').filter({ hasText: 'The member was removed from the committee.' }),
  ).toBeVisible();
  await expect(rowOf(joiner.email)).toContainText('Revoked');
});

test('an author invited to the committee signs in from the invitation and accepts with their account', async ({
  page,
  playwright,
  baseURL,
}) => {
  const author = await registerAuthor(await playwright.request.newContext({ baseURL }), 'Priya Raghunathan');
  const organiser = await playwright.request.newContext({ baseURL });
  const token = await sessionTokenOf(organiser, E2E_ADMIN);
  const invited = await organiser.post('api/admin/committee/invitations', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: author.username, email: author.email, themes: ['Propulsion and Combustion'], maxPapers: 4 },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  const link = await invitationLinkFor(author.email);
  await page.goto(link);
  await page.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, author);
  // Back at the invitation, now as the invited account.
  await expect(page).toHaveURL(link);
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByText('Welcome to the programme committee of ICTACEM 2025.')).toBeVisible();
});
