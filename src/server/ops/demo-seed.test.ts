import { buffer } from 'node:stream/consumers';
import { inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COUNTS, seedDemoConference } from '@scripts/seed-demo.ts';
import type { ConferenceDates } from '@shared/domain/deadlines.ts';
import {
  auditLog,
  chatMessages,
  notifications,
  paperAuthors,
  papers,
  storedFiles,
  submissionVersions,
} from '@server/db/schema/index.ts';
import { createTestUser } from '@server/test/factories.ts';
import { runJobToDone } from '@server/test/background-job.ts';
import { pdfFonts, pdfText } from '@server/test/poppler.ts';
import { createTestApp, type TestApp } from '@server/test/test-app.ts';
import { demoCalendar } from './demo-environment.ts';

describe('npm run demo: its papers', () => {
  let t: TestApp;
  let calendar: ConferenceDates;
  let seededAt: Date;

  beforeAll(async () => {
    calendar = demoCalendar(new Date());
    t = await createTestApp({ conferenceDates: calendar });
    await seedDemoConference(t.app.ctx.db, t.config.dataDir, calendar);
    seededAt = new Date();
  });
  afterAll(() => t.close());

  it('are real PDFs, each with its title and authors printed in embedded fonts', async () => {
    const { db, store } = t.app.ctx;
    const seeded = await db.select().from(papers);
    expect(seeded).toHaveLength(DEMO_COUNTS.papers);
    const authors = await db.select().from(paperAuthors);
    const versions = await db.select().from(submissionVersions);
    const filesOfPapers = seeded.flatMap((paper) => [
      { paper, id: paper.abstractFileId, kind: 'Extended abstract' },
      ...(paper.fullPaperFileId ? [{ paper, id: paper.fullPaperFileId, kind: 'Full paper' }] : []),
    ]);
    // Each paper its own files, and its submission history names them.
    const fileIds = filesOfPapers.map(({ id }) => id).filter((id): id is string => id !== null);
    expect(new Set(fileIds).size).toBe(filesOfPapers.length);
    expect(versions.map((version) => version.fileId).sort()).toEqual([...fileIds].sort());
    const files = await db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds));
    const bytesOf = new Map<string, Buffer>();
    for (const file of files) bytesOf.set(file.id, await buffer(await store.open(file.storageKey)));

    for (const { paper, id, kind } of filesOfPapers) {
      const bytes = bytesOf.get(id!)!;
      const label = `${kind} of “${paper.title}”`;
      expect((await PDFDocument.load(bytes)).getPageCount(), label).toBe(1);
      const text = await pdfText(bytes);
      expect(text, label).toContain(paper.title);
      expect(text, label).toContain(kind);
      for (const author of authors.filter((one) => one.paperId === paper.id)) {
        expect(text, label).toContain(author.name);
        expect(text, label).toContain(author.affiliation);
      }
      const fonts = await pdfFonts(bytes);
      expect(fonts.length, label).toBeGreaterThan(0);
      expect(
        fonts.filter((font) => !font.embedded),
        label,
      ).toEqual([]);
    }
  });

  it('are dated after abstracts opened and never in the future', async () => {
    const { db } = t.app.ctx;
    const opens = new Date(calendar.abstractOpens).getTime();
    const ids = (await db.select({ id: papers.id }).from(papers)).map((paper) => paper.id);
    const moments: { label: string; at: Date | null }[] = [
      ...(await db.select().from(papers)).flatMap((paper) =>
        (['submittedAt', 'createdAt', 'updatedAt', 'reviewedAt', 'fullPaperSubmittedAt', 'evaluatedAt'] as const).map(
          (column) => ({ label: `${paper.title}: ${column}`, at: paper[column] }),
        ),
      ),
      ...(await db.select().from(submissionVersions)).map((row) => ({
        label: `${row.kind} version`,
        at: row.submittedAt,
      })),
      ...(await db.select().from(auditLog).where(inArray(auditLog.paperId, ids))).map((row) => ({
        label: `timeline ${row.action}`,
        at: row.createdAt,
      })),
      ...(await db.select().from(notifications)).map((row) => ({ label: 'notification', at: row.createdAt })),
      ...(await db.select().from(chatMessages)).map((row) => ({ label: 'chat message', at: row.createdAt })),
    ];
    const dated = moments.filter((moment): moment is { label: string; at: Date } => moment.at !== null);
    expect(dated.length).toBeGreaterThan(DEMO_COUNTS.papers * 3);
    const outside = dated.filter(({ at }) => at.getTime() < opens || at.getTime() > seededAt.getTime());
    expect(outside.map(({ label, at }) => `${label} ${at.toISOString()}`)).toEqual([]);
  });

  it('all go into the Book of Abstracts once accepted', async () => {
    const { db } = t.app.ctx;
    // Whatever the seed drew: the book takes accepted papers only.
    await db.update(papers).set({ status: 'abstract_accepted' });
    const admin = await createTestUser(t.app, { role: 'admin' });
    const job = await runJobToDone(t.app, admin.cookie, { kind: 'book_of_abstracts' });
    expect(job).toMatchObject({ status: 'done', progressDone: DEMO_COUNTS.papers, problems: [] });
    const book = await t.app.inject({ method: 'GET', url: job.downloadPath, headers: { cookie: admin.cookie } });
    const text = await pdfText(book.rawPayload);
    // Each abstract's own page (its header), not only its line in the contents.
    expect(text.split('ICTACEM demo conference · Extended abstract').length - 1).toBe(DEMO_COUNTS.papers);
    for (const paper of await db.select({ title: papers.title }).from(papers)) expect(text).toContain(paper.title);
  });
});
