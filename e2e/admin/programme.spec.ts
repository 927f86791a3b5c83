import { expect, type Page, test } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { sessionTokenOf } from '../fixtures/api.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { E2E_SMTP_PORT } from '../fixtures/ports.ts';
import { pdfFile, setPaperStatusAsAdmin, signInThroughApi } from '../fixtures/papers.ts';

// The app under test sends its mail to this real SMTP server (a site-wide spec: one owns the port at a time).
let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
// The e2e conference: 4-6 January 2100 (OPEN_DEADLINES). The evening is left free by any draft.
const EVENING = { starts: '2100-01-04T18:00', ends: '2100-01-04T19:30' };
// The second day's first session, before any drafted one (the default day starts at 09:30).
const SECOND_MORNING = { starts: '2100-01-05T08:00', ends: '2100-01-05T09:00' };

async function addRoom(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add room' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add room' });
  await dialog.getByLabel('Room name').fill(name);
  await dialog.getByLabel('Capacity').fill('120');
  await dialog.getByRole('button', { name: 'Save room' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeVisible();
}

async function addSession(page: Page, title: string, room: string, time = EVENING) {
  await page.getByRole('button', { name: 'Add session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add session' });
  await dialog.getByLabel('Session title').fill(title);
  await dialog.getByLabel('Room').selectOption({ label: room });
  await dialog.getByLabel('Starts').fill(time.starts);
  await dialog.getByLabel('Ends').fill(time.ends);
  await dialog.getByRole('button', { name: 'Save session' }).click();
  await expect(dialog).toHaveCount(0);
}

const sessionCard = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title},`) });
const talkIn = (page: Page, session: string, title: string) =>
  sessionCard(page, session).getByTestId('programme-talk').filter({ hasText: title });

async function moveToSession(page: Page, from: string, title: string, to: string) {
  await talkIn(page, from, title)
    .getByRole('button', { name: /^Move to session…/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Move to session' });
  const option = await dialog.locator('option', { hasText: `· ${to} (Oral session)` }).getAttribute('value');
  await dialog.getByLabel('Session', { exact: true }).selectOption(option!);
  await dialog.getByRole('button', { name: 'Move to session' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(talkIn(page, to, title)).toBeVisible();
}

async function publish(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Publish version \d+$/ });
  const publishButton = dialog.getByRole('button', { name: 'Publish', exact: true });
  await expect(publishButton).toBeVisible();
  // Warnings are read before anything is published.
  if (await dialog.getByRole('list', { name: 'Warnings' }).isVisible()) {
    await expect(publishButton).toBeDisabled();
    await dialog.getByLabel('I have read the warnings; publish anyway.').check();
  }
  await publishButton.click();
  const done = page.getByRole('dialog', { name: 'Programme published' });
  await expect(done.getByText(/^Version \d+ of the programme is published/)).toBeVisible();
  const changes =
    (await done
      .getByRole('list', { name: 'Changes' })
      .innerText()
      .catch(() => '')) ?? '';
  await done.getByRole('button', { name: 'Close' }).click();
  return changes;
}

test('an organiser drafts, edits by drag and by keyboard, sees a clash, publishes; authors and visitors see it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Two accepted papers sharing an author, 李明: presenting in two rooms at once is a clash.
  const submit = async (name: string, title: string, authors: { name: string; affiliation: string }[]) => {
    const api = await playwright.request.newContext({ baseURL });
    const account = await registerAuthor(api, name);
    const res = await api.post('api/papers/submit', {
      headers: { authorization: `Bearer ${await sessionTokenOf(api, account)}` },
      multipart: {
        title,
        theme: 'Propulsion and Combustion',
        modeOfPresentation: 'Oral',
        authors: JSON.stringify(authors.map((author) => ({ ...author, address: author.affiliation }))),
        paperPdf: pdfFile('abstract.pdf'),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const paperId = ((await res.json()) as { paper: { _id: string } }).paper._id;
    await setPaperStatusAsAdmin(api, paperId, 'abstract_accepted', 'Accepted.');
    return { account, paperId, title };
  };
  const first = await submit('Łucja Wiśniewska', `Spalanie detonacyjne ${tag}`, [
    { name: 'Łucja Wiśniewska', affiliation: 'Politechnika Warszawska' },
    { name: '李明', affiliation: '清华大学' },
  ]);
  const second = await submit('Nguyễn Văn Đức', `Cháy rối trong buồng đốt ${tag}`, [
    { name: 'Nguyễn Văn Đức', affiliation: 'Đại học Bách khoa Hà Nội' },
    { name: '李明', affiliation: '清华大学' },
  ]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=programme');
  await expect(page.getByRole('heading', { level: 2, name: 'Sessions & Schedule' })).toBeVisible();
  const hall = `Hall ${tag}`;
  const annex = `Annex ${tag}`;
  await addRoom(page, hall);
  await addRoom(page, annex);

  // A first draft from every accepted paper, with what it did said in its summary.
  await page.getByRole('button', { name: 'Draft from accepted papers' }).click();
  const draft = page.getByRole('dialog', { name: 'Draft from accepted papers' });
  await draft.getByLabel('Talk length (minutes)').fill('20');
  await draft.getByRole('button', { name: 'Draft', exact: true }).click();
  await expect(draft.getByText(/^Drafted \d+ sessions? with \d+ papers?\.$/)).toBeVisible();
  await expect(draft.getByRole('listitem').first()).toBeVisible();
  await draft.getByRole('button', { name: 'Close' }).click();

  // Two evening sessions at the same time in the two rooms; both papers go to the first by keyboard.
  await addSession(page, `Evening ${tag}`, hall);
  await addSession(page, `Parallel ${tag}`, annex);
  // A morning on the second day, named in three scripts.
  const morning = `晨会 · प्रातः सत्र · Buổi sáng ${tag}`;
  await addSession(page, morning, hall, SECOND_MORNING);
  for (const paper of [first, second]) {
    const from = await page
      .getByTestId('programme-talk')
      .filter({ hasText: paper.title })
      .locator('xpath=ancestor::section[1]')
      .getAttribute('aria-label');
    await moveToSession(page, from!.split(',')[0]!, paper.title, `Evening ${tag}`);
  }
  const order = () => sessionCard(page, `Evening ${tag}`).getByTestId('programme-talk').allInnerTexts();
  expect((await order())[1]).toContain(second.title);
  await talkIn(page, `Evening ${tag}`, second.title)
    .getByRole('button', { name: /^Move up/ })
    .click();
  await expect.poll(async () => (await order())[0]).toContain(second.title);
  await expect(talkIn(page, `Evening ${tag}`, second.title)).toContainText('18:00–18:20');
  // A longer talk: the first paper, now second, gets 30 minutes.
  await talkIn(page, `Evening ${tag}`, first.title)
    .getByRole('button', { name: /^Length…/ })
    .click();
  const length = page.getByRole('dialog', { name: 'Talk length' });
  await length.getByLabel('Length (minutes)').fill('30');
  await length.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(length).toHaveCount(0);
  await expect(talkIn(page, `Evening ${tag}`, first.title)).toContainText('18:20–18:50 · 30 min');

  // A keyboard drag, heard by a screen reader as titles and sessions, never as ids.
  const liveRegion = page.locator('[id^="DndLiveRegion"]');
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  const keyboardHandle = talkIn(page, `Evening ${tag}`, second.title).getByRole('button', { name: /^Drag/ });
  await expect(keyboardHandle).toHaveAccessibleDescription(/press Space or Enter to pick it up/);
  await keyboardHandle.focus();
  await page.keyboard.press('Space');
  await expect(liveRegion).toHaveText(
    `Picked up talk “${second.title}” in session “Evening ${tag}” at position 1 of 2.`,
  );
  await page.keyboard.press('ArrowDown');
  await expect(liveRegion).toHaveText(`Talk “${second.title}” is over session “Evening ${tag}” at position 2 of 2.`);
  await page.keyboard.press('Space');
  await expect(liveRegion).toHaveText(
    `Talk “${second.title}” was dropped into session “Evening ${tag}” at position 2 of 2.`,
  );
  expect(await liveRegion.textContent()).not.toMatch(uuid);
  await expect.poll(async () => (await order())[1]).toContain(second.title);

  // By drag: the second paper into the parallel session, and the clash shows at once.
  const handle = talkIn(page, `Evening ${tag}`, second.title).getByRole('button', { name: /^Drag/ });
  const target = sessionCard(page, `Parallel ${tag}`).getByRole('list', { name: /^Papers in/ });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(talkIn(page, `Parallel ${tag}`, second.title)).toBeVisible();
  await expect(talkIn(page, `Parallel ${tag}`, second.title).getByText('Author in two places')).toBeVisible();
  await expect(page.getByRole('region', { name: /warnings?$/ })).toContainText(`李明 is an author of “${first.title}”`);
  expect(await seriousViolations(page), 'the Programme section').toEqual([]);

  await publish(page);

  // The author hears of it, with the talk's calendar entry.
  await expect
    .poll(
      () => smtp.inbox.find((mail) => mail.to.includes(second.account.email) && mail.raw.includes('Your presentation')),
      {
        timeout: 15_000,
      },
    )
    .toBeTruthy();
  const mail = smtp.inbox.find((m) => m.to.includes(second.account.email) && m.raw.includes('Your presentation'))!.raw;
  expect(mail).toContain('Content-Type: text/calendar');
  expect(mail).toContain('ictacem-presentation.ics');

  // Visitors: the grid by room on a desktop, the list by time on a phone.
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await visitorContext.newPage();
  // The page comes drawn by the server and hydrates to the browser's view (the grid, the linked
  // talk's day) without a mismatch or a recoverable error in the console.
  const consoleProblems: string[] = [];
  visitor.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(message.text());
  });
  visitor.on('pageerror', (error) => consoleProblems.push(`uncaught: ${error.message}`));
  await visitor.goto(`schedule#${second.paperId}`);
  // The server's HTML holds the list and the grid both; hydrated, the page keeps the grid alone.
  const talk = visitor.locator(`[id="${second.paperId}"]`);
  await expect(talk).toHaveCount(1);
  await expect(talk).toContainText(second.title);
  await expect(talk).toContainText('18:00–18:20');
  await expect(talk).toContainText('Nguyễn Văn Đức (Đại học Bách khoa Hà Nội)');
  await expect(visitor.getByText(annex, { exact: true })).toBeVisible();
  expect(await seriousViolations(visitor), 'the Event Schedule, desktop').toEqual([]);
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.getByLabel('Search by title or author').fill('nguyen van duc');
  await expect(visitor.locator(`[id="${second.paperId}"]`)).toBeVisible();
  await expect(visitor.getByRole('region', { name: `Parallel ${tag}` })).toContainText(`18:00–19:30 · ${annex}`);
  // Another day by its link: drawn at once, the address replaced (Back leaves the page) and kept over a reload.
  await visitor.getByLabel('Search by title or author').fill('');
  const historyLength = await visitor.evaluate(() => history.length);
  const days = visitor.getByRole('navigation', { name: 'Conference days' });
  await days.getByRole('link', { name: 'Tue 5 Jan' }).click();
  await expect(visitor.getByRole('heading', { level: 3, name: morning })).toBeVisible();
  await expect(days.getByRole('link', { name: 'Tue 5 Jan' })).toHaveAttribute('aria-current', 'page');
  await expect(visitor).toHaveURL(/\/schedule\?day=2100-01-05$/);
  expect(await visitor.evaluate(() => history.length)).toBe(historyLength);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 3, name: morning })).toBeVisible();
  await expect(visitor.getByText(second.title)).toHaveCount(0);
  expect(consoleProblems, 'the Event Schedule, hydrated').toEqual([]);
  await visitorContext.close();

  // Without JavaScript: the server's HTML has the programme, names as written, the grid on a
  // desktop and the list on a phone (both in the HTML, each shown at its breakpoint).
  const readerContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const reader = await readerContext.newPage();
  await reader.goto('schedule');
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Event Schedule');
  // The first day's sessions past the first few are a link away: other files' sessions on that
  // day may come before this one's, as a reader would follow it.
  const showFirstDay = reader.getByRole('link', { name: /^Show all \d+ sessions of / }).filter({ visible: true });
  if ((await showFirstDay.count()) > 0) await showFirstDay.click();
  const shownTalk = reader.locator(`[id="${second.paperId}"]`).filter({ visible: true });
  await expect(shownTalk).toContainText(second.title);
  await reader.setViewportSize({ width: 390, height: 844 });
  await expect(shownTalk).toContainText(second.title);
  await expect(reader.getByRole('main')).toContainText('Nguyễn Văn Đức (Đại học Bách khoa Hà Nội)');
  await expect(reader.getByRole('main')).toContainText('李明');
  // Every day is a link the server answers.
  await reader.getByRole('navigation', { name: 'Conference days' }).getByRole('link', { name: 'Tue 5 Jan' }).click();
  await expect(reader).toHaveURL(/\/schedule\?day=2100-01-05$/);
  await expect(reader.getByRole('heading', { level: 2, name: /^Tuesday 5 January/ })).toBeVisible();
  await expect(reader.getByRole('heading', { level: 3, name: morning })).toBeVisible();
  await expect(reader.getByText(second.title)).toHaveCount(0);
  // The day's sessions past the first few, on a link of their own.
  const showAll = reader
    .getByRole('link', { name: /^Show all \d+ sessions of Tuesday 5 January$/ })
    .filter({ visible: true });
  if ((await showAll.count()) > 0) {
    await showAll.click();
    await expect(reader).toHaveURL(/\/schedule\?day=2100-01-05&all=1$/);
    await expect(reader.getByRole('link', { name: /^Show all/ })).toHaveCount(0);
  }
  await readerContext.close();

  // The author's profile says where, with the calendar entry.
  const authorContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  await signInThroughApi(authorPage, second.account);
  await authorPage.goto('profile');
  const card = authorPage.getByRole('region', { name: 'Your presentation' });
  await expect(card).toContainText(`18:00–18:20 IST, ${annex}`);
  await expect(card.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await authorContext.close();

  // A second publication lists what moved.
  await moveToSession(page, `Parallel ${tag}`, second.title, `Evening ${tag}`);
  const changes = await publish(page);
  expect(changes).toContain(`Moved: ${second.title}`);
  expect(changes).toContain(`Was: 4 January 2100 18:00 IST, ${annex}`);
  expect(changes).toContain(`Now: 4 January 2100 18:30 IST, ${hall}`);
});
