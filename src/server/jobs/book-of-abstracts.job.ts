import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CONFERENCE } from '@shared/conference.ts';
import type { JobProblem } from '@shared/schemas/background-jobs.ts';
import { buildBookOfAbstracts, type BookEntry } from '../modules/book-of-abstracts/book-pdf.ts';
import { conferenceDays } from '../modules/deadlines/deadlines.service.ts';
import * as exportsRepo from '../modules/exports/exports.repository.ts';
import type { JobHandler } from './job-runner.ts';

/**
 * The Book of Abstracts of every accepted paper, by theme: a cover, the contents, each abstract
 * as uploaded with running page numbers, and an author index. An abstract that is missing or
 * cannot be read is listed in the report instead of breaking the book.
 */
export const bookOfAbstractsJob: JobHandler = async ({ ctx, progress }) => {
  const papers = await exportsRepo.acceptedPapersForBook(ctx.db);
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
