import { expect, test } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { sessionTokenOf } from '../fixtures/api.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { E2E_SMTP_PORT } from '../fixtures/ports.ts';
import { pdfFile, signInThroughApi } from '../fixtures/papers.ts';

// The invitation's link arrives by e-mail at this SMTP server (a site-wide spec: one owns the port at a time).
let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test('a committee member finds the papers assigned to them in the bell, and it leads to their review', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const organiser = await playwright.request.newContext({ baseURL });
  const bearer = { authorization: `Bearer ${await sessionTokenOf(organiser, E2E_ADMIN)}` };

  // A member who accepted the invitation with a new account.
  const member = {
    name: 'Trần Thị Minh Châu',
    email: `chau.${unique()}@example.org`,
    password: 'a long vortex passphrase',
  };
  const invited = await organiser.post('api/admin/committee/invitations', {
    headers: bearer,
    data: { name: member.name, email: member.email, themes: ['Aerodynamics and Fluid Mechanics'], maxPapers: 4 },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const memberId = ((await invited.json()) as { member: { _id: string } }).member._id;
  await expect.poll(() => smtp.inbox.find((mail) => mail.to.includes(member.email)), { timeout: 30_000 }).toBeTruthy();
  const token = /committee-invitation\/([A-Za-z0-9_-]+)/.exec(
    smtp.inbox.find((m) => m.to.includes(member.email))!.raw,
  )![1];
  const memberApi = await playwright.request.newContext({ baseURL });
  const accepted = await memberApi.post(`api/committee/invitations/${token}/accept`, {
    data: { password: member.password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // An author's paper, assigned to the member.
  const authorApi = await playwright.request.newContext({ baseURL });
  const author = await registerAuthor(authorApi, 'Wojciech Żukowski');
  const title = `Notice ${unique()} Tip vortex of a hovering rotor`;
  const submitted = await authorApi.post('api/papers/submit', {
    headers: { authorization: `Bearer ${await sessionTokenOf(authorApi, author)}` },
    multipart: {
      title,
      theme: 'Aerodynamics and Fluid Mechanics',
      modeOfPresentation: 'Oral',
      authors: JSON.stringify([{ name: 'Wojciech Żukowski', affiliation: 'Politechnika Łódzka', address: 'Łódź' }]),
      paperPdf: pdfFile('abstract.pdf'),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const paperId = ((await submitted.json()) as { paper: { _id: string } }).paper._id;
  const assigned = await organiser.post('api/admin/assignments', {
    headers: bearer,
    data: { paperIds: [paperId], memberIds: [memberId] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, member);
  await page.goto('reviews');
  await page.getByRole('button', { name: /^Notifications, 2 unread$/ }).click();
  const bell = page.getByRole('region', { name: 'Notifications' });
  // The welcome also speaks of "the papers assigned to you": the notice is the one naming the paper.
  const notice = bell.getByTestId('notification-item').filter({ hasText: title });
  await expect(notice.getByText(/^Papers assigned to you/)).toBeVisible();
  await expect(
    bell.getByTestId('notification-item').filter({ hasText: 'Welcome to the programme committee' }),
  ).toBeVisible();
  expect(await seriousViolations(page), 'the bell with a member’s notices').toEqual([]);
  await notice.getByRole('link', { name: 'Open your review' }).click();
  await expect(page).toHaveURL(new RegExp(`/reviews/${paperId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
