import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CONFERENCE } from '@shared/conference.ts';
import { type BookOrder, JOB_TEXTS, type JobProblem } from '@shared/schemas/background-jobs.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import type { AppContext } from '@server/context.ts';
import type { BookEntry } from '../modules/book-of-abstracts/book-pdf.ts';
import { conferenceDays } from '../modules/deadlines/deadlines.service.ts';
import * as exportsRepo from '../modules/exports/exports.repository.ts';
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
  const order = (job.params as { order?: BookOrder } | null)?.order ?? 'theme';
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
    { ...CONFERENCE, dates: await conferenceDays(ctx), isbn: ctx.config.documents.isbn },
    entries,
    (done, total) => progress(done, total),
  );
  const problems: JobProblem[] = book.problems;
  return {
    file: {
      source: Readable.from([Buffer.from(book.pdf)]),
      fileName: 'ictacem2025-book-of-abstracts.pdf',
      contentType: 'application/pdf',
    },
    report: { pageCount: book.pageCount, abstracts: book.contents.length, problems },
  };
};
