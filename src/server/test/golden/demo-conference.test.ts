import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conferenceIdLabel, setConference } from '@shared/conference.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { readConferenceFile } from '@server/conference-file.ts';
import { contentDirOf, loadSiteContent } from '@server/modules/site-content/content-loader.ts';
import { PROJECT_ROOT } from '@server/project-paths.ts';
import { PAPER_MESSAGES } from '@shared/domain/paper-messages.ts';
import { createTestUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

const DEMO_FILE = path.join(PROJECT_ROOT, 'examples', 'demo-conference', 'conference.yaml');
const DEMO = readConferenceFile(DEMO_FILE);

describe('a second conference from its file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ conference: DEMO });
  });
  afterAll(async () => {
    await t.close();
    // The next file of this worker starts from the default, as the setup file left it.
    setConference(DEFAULT_CONFERENCE);
  });

  it('is served under its own base path, in its own time zone, with its own IDs', async () => {
    expect(DEMO).toMatchObject({ shortName: 'IWSM 2030', basePath: '/iwsm2030', timeZone: 'Europe/Lisbon' });
    const res = await t.app.inject({ method: 'GET', url: '/iwsm2030/api/settings/deadlines' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: 'Europe/Lisbon', timeZoneName: 'WET' });
    const author = await createTestUser(t.app, { username: 'Inês Conceição' });
    expect(author.user.customUserId).toMatch(/^IWSMP2030[A-Z2-9]{5}$/);
  });

  it('has its own pages’ texts beside its file, read without a warning', async () => {
    const { content, warnings } = await loadSiteContent(contentDirOf({ conferenceFile: DEMO_FILE }, PROJECT_ROOT));
    expect(warnings).toEqual([]);
    expect(content.about.themesIntro).toContain('three themes');
    expect(content.speakers.map((speaker) => speaker.name)).toContain('Ольга Смирнова');
    expect(content.importantDates.accommodation.deadlineNote).toContain('31 May 2030');
    expect(content.sponsorship.metaDescription).not.toContain('Platinum');
  });

  it('names its IDs, its payment and its sponsorship, none of them the default’s', async () => {
    expect(conferenceIdLabel()).toBe('IWSM ID');
    expect(PAPER_MESSAGES.ictacemIdTaken).toBe('IWSM ID already exists');
    expect(DEMO.registration.paymentPortal).not.toBe(DEFAULT_CONFERENCE.registration.paymentPortal);
    expect(DEMO.sponsorshipOpportunities.map(({ price }) => price).join(' ')).not.toContain('Rs.');
    expect(DEMO).toMatchObject({ location: 'Lisbon, Portugal' });

    const admin = await createTestUser(t.app, { role: 'admin', username: 'Zofia Wróblewska' });
    // The export's columns, before any paper (the calendar opens abstracts in 2030).
    const res = await t.app.inject({
      method: 'GET',
      url: '/iwsm2030/api/admin/papers/export?format=csv',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^"IWSM ID","Title",/);
  });
});
