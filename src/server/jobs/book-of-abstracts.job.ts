import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { conferenceFileStem, currentConference } from '@shared/conference.ts';
import { type BookOrder, type BookReport, JOB_TEXTS, type JobProblem } from '@shared/schemas/background-jobs.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import type { AppContext } from '@server/context.ts';
import type { BookEntry } from '../modules/book-of-abstracts/book-pdf.ts';
import { conferenceDays } from '../modules/deadlines/deadlines.service.ts';
import * as exportsRepo from '../modules/exports/exports.repository.ts';
import { manifestPreflightCells } from '../modules/preflight/book-preflight.service.ts';
import { findLatestVersion } from '../modules/programme/programme.repository.ts';
import { papersInProgrammeOrder } from '../modules/programme/programme-order.ts';
import { JobFailure, type JobHandler } from './job-runner.ts';

/**
 * In the published programme's order, grouped under each session's heading; the accepted papers
 * not in it follow, by theme.
 */
async function inProgrammeOrder<Paper extends { id: string; theme: string }>(ctx: AppContext, papers: Paper[]) {
  const latest = await findLatestVersion(ctx.db);
  if (!latest) throw new JobFailure(JOB_TEXTS.noProgramme);
  const byId = new Map(papers.map((paper) => [paper.id, paper]));
  const placed = papersInProgrammeOrder(latest.programme as PublishedProgramme).flatMap(({ paperId, session }) => {
    const paper = byId.get(paperId);
    byId.delete(paperId);
    return paper ? [{ ...paper, theme: session }] : [];
  });
  return [...placed, ...byId.values()];
}

/**
 * The Book of Abstracts of every accepted paper, by theme or in the programme's order: a cover,
 * the contents, each abstract as uploaded with running page numbers, and an author index. An
 * abstract that is missing or cannot be read is listed in the report instead of breaking the book.
 */
export const bookOfAbstractsJob: JobHandler = async ({ ctx, job, progress }) => {
  const byTheme = await exportsRepo.acceptedPapersForBook(ctx.db);
  const params = job.params as { order?: BookOrder; embedStandardFonts?: boolean } | null;
  const order = params?.order ?? 'theme';
  // Jobs queued before the choice existed embed, as the dialog's default does.
  const embedStandardFonts = params?.embedStandardFonts ?? true;
  const papers = order === 'programme' ? await inProgrammeOrder(ctx, byTheme) : byTheme;
  const authors = new Map<string, { name: string; affiliation: string }[]>();
  for (const author of await exportsRepo.authorsForExport(
    ctx.db,
    papers.map((paper) => paper.id),
  )) {
    authors.set(author.paperId, [...(authors.get(author.paperId) ?? []), author]);
  }
  await progress(0, papers.length);
  const entries: BookEntry[] = papers.map((paper) => ({
    ictacemId: paper.ictacemId,
    title: paper.title,
    theme: paper.theme,
    authors: authors.get(paper.id) ?? [],
    load: async () => {
      if (!paper.abstractKey) throw new Error('No abstract on file.');
      return buffer(await ctx.store.open(paper.abstractKey));
    },
  }));
  // Loaded when a Book is made, with pdf-lib and the fonts: not at start.
  const { buildBookOfAbstracts } = await import('../modules/book-of-abstracts/book-pdf.ts');
  const book = await buildBookOfAbstracts(
    { ...currentConference(), dates: await conferenceDays(ctx), isbn: ctx.config.documents.isbn },
    entries,
    (done, total) => progress(done, total),
    { embedStandardFonts },
  );
  const problems: JobProblem[] = book.problems;
  const sha256Of = new Map(papers.map((paper) => [paper.ictacemId, paper.abstractSha256 ?? '']));
  const preflight = await manifestPreflightCells(
    ctx,
    book.contents.map((line) => ({ sha256: sha256Of.get(line.ictacemId) ?? '', kind: 'abstract' as const })),
  );
  const report: BookReport = {
    embedStandardFonts,
    abstractsWithFontsEmbedded: book.contents.filter((line) => line.fonts.substituted.length > 0).length,
    fontsNotEmbedded: book.contents
      .filter((line) => line.fonts.notEmbedded.length > 0)
      .map(({ ictacemId, title, fonts }) => ({ ictacemId, title, fonts: fonts.notEmbedded })),
    abstracts: book.contents.map(({ ictacemId, title, startPage, fonts }, index) => ({
      ictacemId,
      title,
      startPage,
      preflight: preflight[index]!,
      fontsEmbedded: fonts.substituted,
    })),
  };
  return {
    file: {
      source: Readable.from([Buffer.from(book.pdf)]),
      fileName: `${conferenceFileStem()}-book-of-abstracts.pdf`,
      contentType: 'application/pdf',
    },
    report: { pageCount: book.pageCount, abstracts: book.contents.length, problems, book: report },
  };
};
