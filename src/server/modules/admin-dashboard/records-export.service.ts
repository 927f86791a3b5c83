import { open } from 'node:fs/promises';
import type { RecordRow, RecordsQuery } from '@shared/schemas/admin-dashboard.ts';
import { PAPER_STATUS_LABELS } from '@shared/constants.ts';
import {
  EVALUATION_STATE_LABELS,
  evaluationState,
  NO_SUBMISSION_LABEL,
  PAYMENT_STATE_LABELS,
  paymentState,
} from '@shared/domain/record-states.ts';
import type { AppContext } from '@server/context.ts';
import { spreadsheetDay } from '@server/lib/document-dates.ts';
import { type TemporaryDownload, temporaryDownload } from '@server/lib/temporary-download.ts';
import { csvLine, UTF8_BOM } from './csv.ts';
import * as repo from './dashboard.repository.ts';
import { toRecord } from './dashboard.service.ts';

/** Rows fetched from the cursor at a time: memory holds one batch, whatever the number of rows. */
const EXPORT_BATCH_ROWS = 500;

const who = (r: RecordRow) => [r.user.username, r.user.email, r.user.customUserId];

/** The cells say what the records table shows, with the same labels (shared/domain/record-states.ts). */
const VIEWS = {
  financial: {
    header: ['User', 'Email', 'User ID', 'Paper', 'Payment Status', 'Payment ID', 'Submitted'],
    cells: (r: RecordRow) => [
      ...who(r),
      r.paper?.title ?? NO_SUBMISSION_LABEL,
      PAYMENT_STATE_LABELS[paymentState(r)],
      r.paper?.paymentId ?? '',
      spreadsheetDay(r.paper?.submittedAt),
    ],
  },
  evaluation: {
    header: [
      'User',
      'Email',
      'User ID',
      'Paper',
      'Paper Status',
      'Evaluation Status',
      'Score',
      'Reviewed',
      'Submitted',
      // Two counts, not "2/3", which a spreadsheet would read as a date.
      'Reviews submitted',
      'Reviews assigned',
      'Mean mark',
      'Spread',
      'Disagreement',
    ],
    cells: (r: RecordRow) => [
      ...who(r),
      r.paper?.title ?? NO_SUBMISSION_LABEL,
      r.paper ? PAPER_STATUS_LABELS[r.paper.status] : '',
      EVALUATION_STATE_LABELS[evaluationState(r)],
      r.paper?.marks ?? '',
      spreadsheetDay(r.paper?.evaluatedAt),
      spreadsheetDay(r.paper?.submittedAt),
      r.paper?.reviews.submitted ?? '',
      r.paper?.reviews.assigned ?? '',
      r.paper?.reviews.mean ?? '',
      r.paper?.reviews.spread ?? '',
      r.paper?.reviews.disagreement ? 'Yes' : '',
    ],
  },
} as const;

/**
 * The records table as CSV, every row of the filter and search in the table's order. The rows
 * are read in batches from one snapshot (so a write during the export neither repeats nor drops a
 * row) into a temporary file, which is then sent at the client's pace: memory holds one batch,
 * and a slow download holds no database connection.
 */
export async function recordsCsv(
  ctx: AppContext,
  query: Omit<RecordsQuery, 'page' | 'limit'>,
  { batchRows = EXPORT_BATCH_ROWS } = {},
): Promise<TemporaryDownload> {
  const view = VIEWS[query.view];
  return temporaryDownload('records.csv', async (file) => {
    const out = await open(file, 'w');
    try {
      await out.write(UTF8_BOM + csvLine(view.header));
      await ctx.db.transaction(
        async (tx) => {
          const table = repo.recordsSearchTable(query.sort);
          // Counted for the search's strategy only: the cursor gives the rows however many there are.
          const scope = query.search
            ? { matches: await repo.countRecords(tx, query), tableRows: await repo.countTableRows(tx, table) }
            : { matches: 0, tableRows: 0 };
          await repo.openRecordsCursor(tx, query, scope);
          for (let rows = await repo.fetchRecords(tx, batchRows); rows.length > 0;) {
            await out.write(rows.map((r) => csvLine(view.cells(toRecord(r)))).join(''));
            rows = await repo.fetchRecords(tx, batchRows);
          }
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    } finally {
      await out.close();
    }
  });
}
