import { conferenceIdLabel, conferenceFileStem } from '@shared/conference.ts';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { MODE_NOT_SPECIFIED, PAPER_STATUS_LABELS } from '@shared/constants.ts';
import { isRealPaymentId } from '@shared/domain/payment.ts';
import type { ExportFormat } from '@shared/schemas/exports.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { type TemporaryDownload, temporaryDownload } from '@server/lib/temporary-download.ts';
import { csvLine, UTF8_BOM } from '../admin-dashboard/csv.ts';
import type { PaperFilter } from '../admin-dashboard/dashboard.repository.ts';
import * as repo from './exports.repository.ts';
import { spreadsheetDay } from '@server/lib/document-dates.ts';
import { readTogether } from '@server/db/read-together.ts';

/** Papers read per query: memory holds one batch, whatever the number of papers. */
const EXPORT_BATCH_PAPERS = 1000;

/**
 * The columns, the same in both formats, the ID's label the configured conference's. Marks are
 * confidential: only admins reach this export.
 */
const columnHeaders = () => [
  conferenceIdLabel(),
  'Title',
  'Theme',
  'Mode of Presentation',
  'Status',
  'Authors (affiliation)',
  'Submitting Author',
  'Submitting Author Email',
  'Payment ID',
  'Marks',
  'Submitted',
  'Full Paper Submitted',
];
const WIDTHS = [20, 60, 32, 26, 24, 60, 24, 34, 22, 8, 12, 12];

type ExportRow = Awaited<ReturnType<typeof repo.papersForExport>>[number] & { authors: string };
type Cell = string | number | Date | null;

function cellsOf(paper: ExportRow): Cell[] {
  return [
    paper.ictacemId,
    paper.title,
    paper.theme,
    // Themes and modes are stored as the pages print them; a status is stored as a code.
    paper.mode ?? MODE_NOT_SPECIFIED,
    PAPER_STATUS_LABELS[paper.status],
    paper.authors,
    paper.submitterName,
    paper.submitterEmail,
    isRealPaymentId(paper.paymentId) ? paper.paymentId : '',
    paper.marks,
    paper.submittedAt,
    paper.fullPaperSubmittedAt,
  ];
}

/** One writer per format: rows go to a file as they are read. */
interface SheetWriter {
  add(cells: Cell[]): Promise<void>;
  finish(): Promise<void>;
}

async function csvWriter(file: string): Promise<SheetWriter> {
  const out = await open(file, 'w');
  const text = (cell: Cell) => (cell instanceof Date ? spreadsheetDay(cell) : cell);
  try {
    await out.write(UTF8_BOM + csvLine(columnHeaders()));
  } catch (error) {
    await out.close();
    throw error;
  }
  return {
    add: async (cells) => void (await out.write(csvLine(cells.map(text)))),
    finish: () => out.close(),
  };
}

async function xlsxWriter(file: string): Promise<SheetWriter> {
  // ExcelJS (about 14 MB of heap) is loaded at the first spreadsheet, not at start.
  const { default: ExcelJS } = await import('exceljs');
  // The writer is given the file stream so a write failure (a full disk) is seen at once: the
  // library listens for it only while finishing, and would otherwise wait for ever.
  const stream = createWriteStream(file);
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) =>
    stream.once('error', (error) => {
      failure = error;
      reject(error);
    }),
  );
  failed.catch(() => undefined);
  // The streaming writer keeps only the rows not yet written out, not the whole sheet.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Papers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columnHeaders().map((header, index) => ({
    header,
    width: WIDTHS[index],
    style: header === 'Submitted' || header === 'Full Paper Submitted' ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    add: async (cells) => {
      if (failure) throw failure;
      sheet.addRow(cells).commit();
    },
    finish: async () => {
      sheet.commit();
      await Promise.race([workbook.commit(), failed]);
      stream.destroy();
    },
  };
}

async function writePapers(db: DbOrTx, paperIds: string[], writer: SheetWriter): Promise<void> {
  for (let start = 0; start < paperIds.length; start += EXPORT_BATCH_PAPERS) {
    const batch = paperIds.slice(start, start + EXPORT_BATCH_PAPERS);
    const [rows, authors] = await readTogether(db, [
      () => repo.papersForExport(db, batch),
      () => repo.authorsForExport(db, batch),
    ]);
    const authorsOf = new Map<string, string[]>();
    for (const author of authors) {
      authorsOf.set(author.paperId, [
        ...(authorsOf.get(author.paperId) ?? []),
        `${author.name} (${author.affiliation})`,
      ]);
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    // In the order asked for: the list's order, or the selection's.
    for (const id of batch) {
      const row = byId.get(id);
      if (row) await writer.add(cellsOf({ ...row, authors: (authorsOf.get(id) ?? []).join('; ') }));
    }
  }
}

export interface PaperExport extends TemporaryDownload {
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The papers of a filter or a selection as a spreadsheet or CSV, for the publisher or the
 * committee. Read in batches from one snapshot into a temporary file that is then sent at the
 * client's pace and removed: memory holds one batch, and a slow download holds no connection.
 */
export async function exportPapers(
  ctx: AppContext,
  format: ExportFormat,
  which: { filter: PaperFilter } | { paperIds: string[] },
): Promise<PaperExport> {
  const download = await temporaryDownload(`papers.${format}`, async (file) => {
    const writer = format === 'xlsx' ? await xlsxWriter(file) : await csvWriter(file);
    try {
      await ctx.db.transaction(
        async (tx) => {
          const ids =
            'filter' in which ? await repo.idsOfFilteredPapers(tx, which.filter) : [...new Set(which.paperIds)];
          await writePapers(tx, ids, writer);
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    } finally {
      await writer.finish();
    }
  });
  return { ...download, contentType: CONTENT_TYPES[format], fileName: `${conferenceFileStem()}-papers.${format}` };
}
