import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { e2eConference } from '../conference.ts';
import { E2E_ADMIN } from '../fixtures/accounts.ts';
import { apiSessionAs } from '../fixtures/api.ts';
import { seedAuthor, setStatus } from '../fixtures/dashboard-seed.ts';
import { guidePicture } from '../fixtures/guide-pictures.ts';
import { signInThroughApi } from '../fixtures/papers.ts';

type Dates = Record<string, string>;

/** The JSON of a request that must succeed (its fields as the spec reads them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> {
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** An oral session of its own room on the conference's first day, the paper placed in it, published. */
async function publishTalk(admin: APIRequestContext, paperId: string, suffix: string, startsAt: string) {
  let { programme } = await ok(await admin.get('api/admin/programme'));
  ({ programme } = await ok(
    await admin.post('api/admin/programme/rooms', {
      data: { name: `Certificates hall ${suffix}`, capacity: 40, version: programme.version },
    }),
  ));
  const room = programme.rooms.find((r: { name: string }) => r.name === `Certificates hall ${suffix}`);
  const starts = new Date(Date.parse(startsAt) + 2 * 60 * 60_000);
  ({ programme } = await ok(
    await admin.post('api/admin/programme/sessions', {
      data: {
        title: `Fluids ${suffix}`,
        kind: 'oral',
        roomId: room._id,
        startsAt: starts.toISOString(),
        endsAt: new Date(starts.getTime() + 60 * 60_000).toISOString(),
        version: programme.version,
      },
    }),
  ));
  const session = programme.sessions.find((s: { title: string }) => s.title === `Fluids ${suffix}`);
  ({ programme } = await ok(
    await admin.put(`api/admin/programme/papers/${paperId}`, {
      data: { sessionId: session._id, version: programme.version },
    }),
  ));
  await ok(
    await admin.post('api/admin/programme/publish', { data: { version: programme.version, confirmWarnings: true } }),
  );
}

test('after the conference the author downloads the certificate of presentation and the verification page confirms it', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const presenter = 'Nguyễn Thị Lan';
  const title = `Ct${suffix} Vortex shedding behind a heated cylinder`;
  const admin = await apiSessionAs(playwright, baseURL!, E2E_ADMIN);
  const { author, paperId } = await seedAuthor(playwright, baseURL!, 'Certificate Author', {
    title,
    theme: 'Aerodynamics and Fluid Mechanics',
    modeOfPresentation: 'Oral',
    firstAuthor: presenter,
  });
  await setStatus(admin, paperId!, 'abstract_accepted');
  const original = (await ok(await admin.get('api/admin/settings/deadlines'))).dates as Dates;
  await publishTalk(admin, paperId!, suffix, original.conferenceStarts!);
  const { participants } = await ok(await admin.get(`api/admin/participants?q=${encodeURIComponent(presenter)}`));
  const participant = participants.find((p: { paper: { _id: string } | null }) => p.paper?._id === paperId);
  await ok(
    await admin.post('api/check-in', { data: { participantId: participant._id, key: `e2e-certificate-${suffix}` } }),
  );

  await signInThroughApi(page, author);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('profile');
  const certificates = page.getByRole('region', { name: 'Certificates' });
  await expect(certificates).toContainText('Certificates are issued after the conference.');

  // The conference is over: every date moved to the announced calendar of 2025, put back after.
  await ok(await admin.put('api/admin/settings/deadlines', { data: e2eConference.dates }));
  try {
    await page.reload();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      certificates.getByRole('link', { name: /Certificate of presentation/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^certificate_of_presentation_[0-9A-Z-]{19}\.pdf$/);
    const pdf = await PDFDocument.load(await readFile((await download.path())!), { updateMetadata: false });
    expect(pdf.getTitle()).toBe(`Certificate of presentation ${presenter}`);
    const code = /verification code (\S+)$/.exec(pdf.getSubject() ?? '')?.[1];
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await expect(certificates.getByRole('link', { name: /Certificate of participation/ })).toBeVisible();

    await page.goto(`verify-letter/${code}`);
    const verdict = page.getByTestId('letter-verdict');
    await expect(verdict).toContainText('Genuine certificate', { timeout: 20_000 });
    await expect(verdict).toContainText(`This is a genuine certificate of presentation. It was issued to ${presenter}`);
    await expect(verdict).toContainText('ICTACEM 2025');
    await expect(verdict).not.toContainText(title);

    // The organiser sees it under Participants, with its code, to withdraw or reissue.
    await signInThroughApi(page, E2E_ADMIN);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('admin/participants');
    const section = page.getByRole('region', { name: 'Certificates', exact: true });
    const row = section.getByTestId('certificate-holder').filter({ hasText: code! });
    await expect(row).toContainText('Certificate of presentation');
    await row.scrollIntoViewIfNeeded();
    await guidePicture(page, 'certificates-1280');
  } finally {
    await ok(await admin.put('api/admin/settings/deadlines', { data: original }));
  }
});
