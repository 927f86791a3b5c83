import { open } from 'node:fs/promises';
import type { RecordRow, RecordsQuery } from '../../../shared/schemas/admin-dashboard.ts';
import { isRealPaymentId } from '../../../shared/domain/payment.ts';
import type { AppContext } from '../../context.ts';
import { type TemporaryDownload, temporaryDownload } from '../../lib/temporary-download.ts';
import { csvLine, UTF8_BOM } from './csv.ts';
import * as repo from './dashboard.repository.ts';
import { toRecord } from './dashboard.service.ts';

/** Rows read per query: memory holds one batch, whatever the number of rows. */
const EXPORT_BATCH_ROWS = 2000;

const enGb = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-GB') : '');
const who = (r: RecordRow) => [r.user.username, r.user.email, r.user.customUserId];

const VIEWS = {
  financial: {
    header: ['User', 'Email', 'User ID', 'Paper', 'Payment Status', 'Payment ID', 'Submitted'],
    cells: (r: RecordRow) => [
      ...who(r),
      r.paper?.title ?? 'N/A',
      !r.paper ? 'No Submission' : isRealPaymentId(r.paper.paymentId) ? 'Paid' : 'Unpaid',
      r.paper?.paymentId ?? '',
      enGb(r.paper?.submittedAt),
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
    ],
    cells: (r: RecordRow) => [
      ...who(r),
      r.paper?.title ?? 'N/A',
      r.paper?.status ?? '',
      !r.paper ? 'No Submission' : r.paper.marks === null ? 'Pending Review' : 'Evaluated',
      r.paper?.marks ?? '',
      enGb(r.paper?.evaluatedAt),
      enGb(r.paper?.submittedAt),
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
          const total = await repo.countRecords(tx, query);
          for (let offset = 0; offset < total; offset += batchRows) {
            const page = { offset, limit: Math.min(batchRows, total - offset) };
            const rows = await repo.records(tx, query, page, total);
            await out.write(rows.map((r) => csvLine(view.cells(toRecord(r)))).join(''));
          }
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    } finally {
      await out.close();
    }
  });
}
