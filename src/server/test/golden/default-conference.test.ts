// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// Its golden files are made on the embedded database (it skips on a server).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFERENCE_SCRIPT_ID } from '@shared/conference.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { MAIL_TEMPLATES, type MailTemplateKey } from '@shared/domain/mail-templates.ts';
import { letters, mailOutbox, papers, users } from '@server/db/schema/index.ts';
import { PROJECT_ROOT } from '@server/project-paths.ts';
import { runJobToDone } from '../background-job.ts';
import { createTestPaper, createTestUser, type TestUser } from '../factories.ts';
import { API, createTestApp, type TestApp } from '../test-app.ts';
import { expectGolden } from './golden-files.ts';

/**
 * The default conference as the site shows it: its public pages as served, its e-mails as
 * written and its PDFs byte for byte, against the files kept in fixtures/. A change of how the
 * conference is configured must leave every one of them as it is.
 */

/** While abstracts are taken, by the announced calendar; every document is dated by it. */
const NOW = new Date('2025-09-10T06:30:00Z');
const RENDERER = path.join(PROJECT_ROOT, 'src', 'client', 'entry-server.tsx');
const SHELL_SCRIPT = '<script type="module" src="/src/client/main.tsx"></script>';

const PUBLIC_PAGES = [
  '',
  'about',
  'about-us',
  'important-dates',
  'speakers',
  'committee',
  'sponsorship',
  'brochure',
  'extended-abstract-format',
  'full-length-paper-format',
  'verify-letter',
  'registration',
  'login',
  'schedule',
  'no-such-page',
  // Drawn by the client: the shell alone.
  'profile',
];

/** Fixed, as the random parts of the data are replaced with them. */
const PAPER_ID = 'ICTACEMP2025GLD42';
const LETTER_CODE = 'K7QX-2M9P-GOLD';

// On the embedded database only: the pages, mails and PDFs do not depend on the database's kind,
// and the fixed clock is the server's, which a PostgreSQL server's now() does not follow.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the default conference, as the site made it before it was configurable',
  () => {
    let root: string;
    let t: TestApp;
    let admin: TestUser;
    let author: TestUser;
    let paperId: string;

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW });
      root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-golden-'));
      const shell = await readFile(path.join(PROJECT_ROOT, 'index.html'), 'utf8');
      // The shell as built: the entry's script under the base path.
      await writeFile(
        path.join(root, 'index.html'),
        shell.replace(SHELL_SCRIPT, '<script type="module" crossorigin src="/ictacem2025/assets/index.js"></script>'),
      );
      // The announced calendar (no dates configured), the renderer from source.
      t = await createTestApp({ clientDir: root, pageRendererModule: RENDERER, conferenceDates: {} });
      admin = await createTestUser(t.app, { role: 'admin', username: 'Анна Organiser' });
      author = await createTestUser(t.app, { username: 'Zdzisław Łukasiewicz', email: 'zdzislaw@example.org' });
      await t.app.ctx.db.update(users).set({ customUserId: PAPER_ID }).where(eq(users.id, author.user._id));
      const paper = await createTestPaper(t.app, author, {
        title: 'Vortex shedding behind a heated cylinder',
        theme: 'Aerodynamics and Fluid Mechanics',
        modeOfPresentation: 'Oral',
      });
      paperId = paper._id;
      expect(paper.ictacemId).toBe(PAPER_ID);
    });
    afterAll(async () => {
      vi.useRealTimers();
      await t.close();
      await rm(root, { recursive: true, force: true });
    });

    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = admin.cookie) =>
      t.app.inject({ method, url, headers: { cookie }, payload });

    it('serves every public page as before', async () => {
      for (const page of PUBLIC_PAGES) {
        const res = await t.app.inject({ method: 'GET', url: `/ictacem2025/${page}` });
        expect(res.statusCode, page).toBe(page === 'no-such-page' ? 404 : 200);
        // The one addition: the configuration, as data for the client, on a line of its own in the head.
        const [script, json] =
          new RegExp(`<script type="application/json" id="${CONFERENCE_SCRIPT_ID}">(.*?)</script>\\n`).exec(res.body) ??
          [];
        expect(JSON.parse(json!), page).toEqual(DEFAULT_CONFERENCE);
        await expectGolden(`pages/${page || 'home'}.html`, res.body.replace(script!, ''));
      }
    });

    it('previews every e-mail template with the paper as before', async () => {
      for (const key of Object.keys(MAIL_TEMPLATES) as MailTemplateKey[]) {
        const { subject, body, previewWith } = MAIL_TEMPLATES[key];
        const res = await call('POST', `${API}/admin/mail-templates/${key}/preview`, {
          subject,
          body,
          ...(previewWith === 'paper' ? { paperId: PAPER_ID } : {}),
        });
        expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
        const { to, subject: filled, body: text } = res.json().preview;
        await expectGolden(`mails/${key}.txt`, `To: ${to}\nSubject: ${filled}\n\n${text}`);
      }
    });

    it('writes the decision e-mail as before', async () => {
      const decided = await call('PATCH', `${API}/admin/papers/${paperId}/status`, {
        status: 'abstract_accepted',
        review: 'Sound method; clear figures.',
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const written = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, author.email));
      expect(written.length).toBeGreaterThan(0);
      for (const [index, mail] of written.entries())
        await expectGolden(
          `mails/sent-${index + 1}.txt`,
          `To: ${mail.toAddress}\nSubject: ${mail.subject}\n\n${mail.textBody}`,
        );
    });

    it('prints the acceptance letter as before', async () => {
      const url = `${API}/papers/${paperId}/letters/acceptance`;
      expect((await call('GET', url, undefined, author.cookie)).statusCode).toBe(200);
      // The issued letter's random code and its moment fixed: the PDF is drawn from the stored row.
      await t.app.ctx.db
        .update(letters)
        .set({ verificationCode: LETTER_CODE, issuedAt: NOW })
        .where(eq(letters.paperId, paperId));
      const res = await call('GET', url, undefined, author.cookie);
      expect(res.statusCode).toBe(200);
      await expectGolden('pdfs/acceptance-letter.pdf', res.rawPayload);
    });

    it('makes the Book of Abstracts as before', async () => {
      await t.app.ctx.db.update(papers).set({ status: 'abstract_accepted' });
      const job = await runJobToDone(t.app, admin.cookie, { kind: 'book_of_abstracts' });
      const res = await call('GET', job.downloadPath);
      expect(res.statusCode).toBe(200);
      await expectGolden('pdfs/book-of-abstracts.pdf', res.rawPayload);
    });
  },
);
