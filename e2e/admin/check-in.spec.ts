import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { apiSessionAs } from '../fixtures/api.ts';
import { guidePicture } from '../fixtures/guide-pictures.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

/** A badge's page as a photo (PNG), as a phone would take of a printed badge. */
function photoOfBadge(pdf: Buffer): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'badge-photo-'));
  try {
    writeFileSync(path.join(dir, 'badge.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      '150',
      '-png',
      '-singlefile',
      path.join(dir, 'badge.pdf'),
      path.join(dir, 'badge'),
    ]);
    return readFileSync(path.join(dir, 'badge.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the organiser adds a speaker and a volunteer and prints badges; the volunteer checks two people in on a phone', async ({
  browser,
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const anon = await playwright.request.newContext({ baseURL });
  const volunteer = await registerAuthor(anon, 'Zofia Wójcik');
  const suffix = Date.now().toString(36);
  // Chinese names are checked in the printed badges (participants.test.ts); the test browser has no CJK font.
  const speaker = `Nguyễn Thị Lan ${suffix}`;
  const delegate = `Анна Петрова ${suffix}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin/participants');
  await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
  // This test's people only: in the whole suite the list holds every accepted paper's presenter.
  await page.getByLabel('Search').fill(suffix);
  const form = page.getByRole('region', { name: 'Add a participant' });
  for (const [name, role] of [
    [speaker, 'speaker'],
    [delegate, 'delegate'],
  ] as const) {
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Affiliation').fill('Politechnika Łódzka');
    await form.getByLabel('Role').selectOption(role);
    await form.getByRole('button', { name: 'Add participant' }).click();
    await expect(page.getByTestId('participant-row').filter({ hasText: name })).toBeVisible();
  }
  const volunteers = page.getByRole('region', { name: 'Volunteers (Check-in access)' });
  await volunteers.getByLabel("Volunteer's account e-mail").fill(volunteer.email);
  await volunteers.getByRole('button', { name: 'Allow check-in' }).click();
  await expect(volunteers.getByRole('list', { name: 'Volunteer accounts' })).toContainText(volunteer.email);
  await expect(page.getByRole('region', { name: 'Check-ins' })).not.toContainText('of 0 participants');

  await expect(page.getByTestId('participant-row')).toHaveCount(2);
  await guidePicture(page, 'participants-1280');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Badges (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe('badges-a4-four.pdf');

  // The speaker's badge alone, photographed for the phone.
  const organiser = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const listed = (await (await organiser.get(`api/admin/participants?q=${encodeURIComponent(speaker)}`)).json()) as {
    participants: { _id: string }[];
  };
  const badge = await organiser.get(`api/admin/participants/${listed.participants[0]!._id}/badge.pdf`);
  expect(badge.ok()).toBe(true);
  const photo = photoOfBadge(await badge.body());

  // The volunteer, on a phone.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const desk = await phone.newPage();
  await signInThroughApi(desk, volunteer);
  // Where a sign-in lands, the profile, takes a volunteer on to the desk.
  await desk.goto('profile');
  await expect(desk).toHaveURL(/\/admin\/check-in$/);
  await expect(desk.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
  // Its header offers the desk, not an author's bell or profile.
  await expect(desk.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  await desk.getByRole('button', { name: /menu/i }).click();
  const account = desk.getByRole('region', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'Check-in' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Profile' })).toHaveCount(0);
  await desk.getByRole('button', { name: /menu/i }).click();
  await desk.getByLabel('Scan from a photo').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: photo });
  const person = desk.getByTestId('desk-person');
  await expect(person.getByRole('heading', { name: speaker })).toBeVisible();
  await person.getByRole('button', { name: 'Check in' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Checked in.' })).toBeVisible();

  await desk.getByLabel('Name', { exact: true }).fill(delegate);
  await desk.getByRole('button', { name: 'Search' }).click();
  await desk.getByRole('button', { name: new RegExp(delegate) }).click();
  await person.getByRole('button', { name: 'Check in' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Checked in.' })).toBeVisible();

  // The same badge scanned again: flagged, with who checked them in.
  await desk
    .getByLabel('Scan from a photo')
    .setInputFiles({ name: 'badge-again.png', mimeType: 'image/png', buffer: photo });
  await expect(person.getByTestId('already-checked-in')).toContainText('by Zofia Wójcik');
  await expect(person.getByRole('button', { name: 'Check in' })).toBeDisabled();
  await desk.screenshot({ path: 'docs/images/organiser/check-in-390.png', fullPage: true });
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Anywhere else, the volunteer's account is refused.
  expect((await desk.request.get('api/papers/user')).status()).toBe(403);

  // The organiser takes the access back: the desk refuses the account from its next request.
  const search = `api/check-in/search?q=${encodeURIComponent(suffix)}`;
  expect((await desk.request.get(search)).status()).toBe(200);
  await volunteers.getByRole('button', { name: 'Remove check-in access of Zofia Wójcik' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Check-in access removed.' })).toBeVisible();
  await expect(volunteers.getByRole('list', { name: 'Volunteer accounts' })).not.toContainText(volunteer.email);
  expect((await desk.request.get(search)).status()).toBe(403);
  await phone.close();
  await organiser.dispose();
  await anon.dispose();
});
