import { conferenceIdLabel, conferenceFileStem } from '@shared/conference.ts';
import { type JobProblem, PAPER_FILE_KIND_LABELS, type PaperFileKind } from '@shared/schemas/background-jobs.ts';
import { csvLine, UTF8_BOM } from '../modules/admin-dashboard/csv.ts';
import * as exportsRepo from '../modules/exports/exports.repository.ts';
import { type ZipEntry, zipStream } from '../lib/zip-archive.ts';
import type { JobHandler } from './job-runner.ts';
import { paperFileBaseName } from './zip-file-names.ts';
import { manifestPreflightCells } from '../modules/preflight/book-preflight.service.ts';

/** What the job was asked for: the papers (resolved when it was queued) and which of their files. */
export interface PaperFilesZipParams {
  paperIds: string[];
  files: PaperFileKind[];
}

const SUFFIX: Record<PaperFileKind, string> = { abstract: 'abstract', full_paper: 'full_paper' };
// A function: the ID's label is the configured conference's.
const manifestHeader = () => [
  'File',
  conferenceIdLabel(),
  'Title',
  'First Author',
  'Kind',
  'Bytes',
  'SHA-256',
  'State',
  'Preflight',
];

function extensionOf(originalName: string): string {
  return /\.([A-Za-z0-9]{1,8})$/.exec(originalName)?.[1]?.toLowerCase() ?? 'pdf';
}

interface PlannedFile {
  name: string;
  ictacemId: string;
  title: string;
  firstAuthor: string;
  kind: PaperFileKind;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * The chosen files of the chosen papers, named <ICTACEM ID>_<first author's surname in ASCII>_abstract.pdf,
 * streamed into the file store one at a time with a manifest (manifest.csv) of every file, its
 * size and SHA-256, and the files that could not be included with the reason.
 */
export const paperFilesZipJob: JobHandler = async ({ ctx, job, progress }) => {
  const params = job.params as unknown as PaperFilesZipParams;
  const papers = new Map((await exportsRepo.paperFiles(ctx.db, params.paperIds)).map((p) => [p.id, p]));
  const firstAuthors = new Map<string, string>();
  for (const author of await exportsRepo.authorsForExport(ctx.db, params.paperIds)) {
    if (!firstAuthors.has(author.paperId)) firstAuthors.set(author.paperId, author.name);
  }
  const planned: PlannedFile[] = [];
  const problems: JobProblem[] = [];
  for (const paperId of params.paperIds) {
    const paper = papers.get(paperId);
    if (!paper) continue;
    for (const kind of params.files) {
      const file = kind === 'abstract' ? paper.abstract : paper.fullPaper;
      const ref = { ictacemId: paper.ictacemId, title: paper.title };
      const firstAuthor = firstAuthors.get(paperId) ?? '';
      if (!file?.storageKey) {
        problems.push({ ...ref, reason: kind === 'abstract' ? 'No abstract on file.' : 'No full paper on file.' });
        continue;
      }
      if (!(await ctx.store.stat(file.storageKey))) {
        problems.push({ ...ref, reason: 'The stored file is missing.' });
        continue;
      }
      const base = `${paperFileBaseName(paper.ictacemId, firstAuthor)}_${SUFFIX[kind]}`;
      planned.push({
        ...ref,
        firstAuthor,
        // A stored file's columns are all set when its key is (the join found the row).
        name: `${base}.${extensionOf(file.originalName ?? '')}`,
        kind,
        storageKey: file.storageKey,
        sizeBytes: file.sizeBytes ?? 0,
        sha256: file.sha256 ?? '',
      });
    }
  }
  await progress(0, planned.length);

  const manifest = [UTF8_BOM, csvLine(manifestHeader())];
  const preflight = await manifestPreflightCells(ctx, planned);
  for (const [index, file] of planned.entries()) {
    const { name, ictacemId, title, firstAuthor, kind, sizeBytes, sha256 } = file;
    manifest.push(
      csvLine([
        name,
        ictacemId,
        title,
        firstAuthor,
        PAPER_FILE_KIND_LABELS[kind],
        sizeBytes,
        sha256,
        'included',
        preflight[index]!,
      ]),
    );
  }
  for (const problem of problems) {
    manifest.push(csvLine(['', problem.ictacemId, problem.title, '', '', '', '', problem.reason, '']));
  }
  function* entries(): Generator<ZipEntry> {
    for (const [index, file] of planned.entries()) {
      yield {
        name: file.name,
        open: async () => {
          await progress(index, planned.length);
          return ctx.store.open(file.storageKey);
        },
      };
    }
    yield { name: 'manifest.csv', open: async () => Buffer.from(manifest.join('')) };
  }
  return {
    file: {
      source: zipStream(entries()),
      fileName: `${conferenceFileStem()}-papers.zip`,
      contentType: 'application/zip',
    },
    report: { files: planned.length, problems },
  };
};
