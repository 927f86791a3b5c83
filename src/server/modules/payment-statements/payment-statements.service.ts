import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { FEE_MESSAGES, type Currency } from '@shared/domain/fees.ts';
import { type ColumnMapping, STATEMENT_LIMITS, STATEMENT_MESSAGES } from '@shared/domain/payment-statements.ts';
import type {
  ImportStatementResponse,
  ResolveStatementRowBody,
  StatementReport,
  StatementSummary,
} from '@shared/schemas/payment-statements.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { isUniqueViolation } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { cleanFileName } from '@server/lib/multipart-upload.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { confirmPayment, rejectPayment } from '../payments/payments.service.ts';
import * as repo from './payment-statements.repository.ts';
import { classifyRows } from './statement-matching.ts';
import { readInWorker } from './read-in-worker.ts';
import { formatOf } from './statement-format.ts';

export async function columnMapping(ctx: AppContext): Promise<ColumnMapping | null> {
  return repo.findMapping(ctx.db);
}

export async function saveColumnMapping(ctx: AppContext, actor: PublicUser, mapping: ColumnMapping) {
  await repo.saveMapping(ctx.db, mapping, actor._id);
  return { message: STATEMENT_MESSAGES.mappingSaved, mapping };
}

function summaryOf(statement: repo.StatementRecord, rowCount: number): StatementSummary {
  return {
    _id: statement.id,
    fileName: statement.fileName,
    format: statement.format as StatementSummary['format'],
    encoding: statement.encoding,
    rowCount,
    importedBy: statement.importedBy,
    importedAt: statement.importedAt.toISOString(),
  };
}

export async function listStatements(ctx: AppContext): Promise<StatementSummary[]> {
  return (await repo.listStatements(ctx.db)).map((r) => summaryOf(r.statement, r.rowCount));
}

/** The report of an import, its rows classed against the papers and payments as they are now. */
export async function statementReport(ctx: AppContext, statementId: string): Promise<StatementReport> {
  const statement = await repo.findStatement(ctx.db, statementId);
  if (!statement) throw new AppError('not_found', STATEMENT_MESSAGES.notFound);
  const [records, papers, dates] = await Promise.all([
    repo.rowsOf(ctx.db, statementId),
    repo.papersWithPaymentIds(ctx.db),
    currentDates(ctx),
  ]);
  return {
    statement: summaryOf(statement, records.length),
    findings: statement.findings,
    ...classifyRows(records, papers, dates),
  };
}

/**
 * Reads the uploaded statement into memory, up to the limit: the request says its length
 * first, so a 100 MB file is refused before it is read; a request that does not say, or
 * says less than it sends, is cut at the limit.
 */
async function receiveStatementFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('bad_request', 'Expected a multipart/form-data upload.');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > STATEMENT_LIMITS.maxBytes + 64 * 1024) throw new AppError('too_large', STATEMENT_MESSAGES.tooLarge);
  let received: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fields: 5, fieldSize: 1024, files: 1, fileSize: STATEMENT_LIMITS.maxBytes, parts: 6 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'statement' || received) {
        part.file.resume();
        throw new AppError('bad_request', `Unexpected file field "${part.fieldname}".`);
      }
      const bytes = await part.toBuffer();
      received = { fileName: cleanFileName(part.filename), bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('too_large', STATEMENT_MESSAGES.tooLarge);
    throw new AppError('bad_request', 'The upload is malformed.');
  }
  if (!received) throw new AppError('bad_request', STATEMENT_MESSAGES.noFile);
  return received;
}

/**
 * "Import payments": the file is read (in a worker thread) and stored with its rows; nothing
 * is applied until "Confirm". The same file read the same way is the same import: it is shown
 * again and nothing changes.
 */
export async function importStatement(
  ctx: AppContext,
  actor: PublicUser,
  request: FastifyRequest,
): Promise<ImportStatementResponse> {
  const { fileName, bytes } = await receiveStatementFile(request);
  if (bytes.length === 0) throw new AppError('bad_request', STATEMENT_MESSAGES.empty);
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  const mapping = await repo.findMapping(ctx.db);
  const readingKey = formatOf(bytes) === 'csv' && mapping ? JSON.stringify(mapping) : '';
  const earlier = await repo.findStatementByContent(ctx.db, contentHash, readingKey);
  if (earlier) return imported(ctx, earlier.id, false);
  const outcome = await readInWorker(bytes, mapping);
  if (outcome.kind === 'refused') throw new AppError(outcome.status, outcome.message);
  if (outcome.kind === 'needs_mapping')
    return { success: true, outcome: 'needs_mapping', message: outcome.message, columns: outcome.columns, mapping };
  try {
    const statement = await ctx.db.transaction((tx) =>
      repo.insertStatement(
        tx,
        {
          contentHash,
          readingKey,
          fileName,
          format: outcome.format,
          encoding: outcome.encoding,
          findings: outcome.findings,
          importedBy: actor._id,
          importedAt: ctx.now(),
        },
        outcome.rows,
      ),
    );
    return imported(ctx, statement.id, true);
  } catch (error) {
    // Two organisers importing one file at once: the second is shown the first's import.
    if (!isUniqueViolation(error)) throw error;
    const first = await repo.findStatementByContent(ctx.db, contentHash, readingKey);
    if (!first) throw error;
    return imported(ctx, first.id, false);
  }
}

async function imported(ctx: AppContext, statementId: string, created: boolean): Promise<ImportStatementResponse> {
  return {
    success: true,
    outcome: 'imported' as const,
    message: created ? STATEMENT_MESSAGES.imported : STATEMENT_MESSAGES.alreadyImported,
    created,
    report: await statementReport(ctx, statementId),
  };
}

/** One row's payment through the one confirmation the site has (row lock, unique indexes, timeline). */
async function confirmRow(
  ctx: AppContext,
  actor: PublicUser,
  row: StatementReport['rows'][number],
  paper: { paperId: string; paymentId: string },
  resolution: { resolution: 'confirmed' | 'confirmed_by_hand'; note: string | null },
): Promise<boolean> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const outcome = await confirmPayment(ctx, tx, actor, paper.paperId, {
        paymentId: paper.paymentId,
        receivedOn: row.receivedOn!,
        amountMinor: row.amountMinor!,
        currency: row.currency as Currency,
        source: 'statement',
        payerName: row.payerName,
        note: resolution.note ?? undefined,
      });
      if (outcome.confirmed)
        await repo.resolveRow(tx, row._id, {
          ...resolution,
          resolvedPaperId: paper.paperId,
          resolvedBy: actor._id,
          resolvedAt: ctx.now(),
        });
      return outcome.confirmed;
    });
  } catch (error) {
    // The unique indexes' refusal: someone confirmed this paper (or this ID) at the same moment.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * "Confirm": the matched rows (all, or those chosen), each through the existing confirmation,
 * one transaction per row. A paper confirmed meanwhile (another organiser, another import) is
 * counted, not confirmed again.
 */
export async function confirmStatement(
  ctx: AppContext,
  actor: PublicUser,
  statementId: string,
  rowIds: string[] | undefined,
) {
  const report = await statementReport(ctx, statementId);
  const chosen = rowIds ? new Set(rowIds) : undefined;
  const refused: { line: number; message: string }[] = [];
  const rows = report.rows.filter((row) => {
    if (chosen && !chosen.has(row._id)) return false;
    if (row.resolution !== null) {
      if (chosen) refused.push({ line: row.line, message: STATEMENT_MESSAGES.rowResolved });
      return false;
    }
    if (row.class !== 'matched') {
      if (chosen) refused.push({ line: row.line, message: STATEMENT_MESSAGES.rowNotMatched });
      return false;
    }
    return true;
  });
  if (chosen) {
    const known = new Set(report.rows.map((r) => r._id));
    if ([...chosen].some((id) => !known.has(id))) throw new AppError('not_found', STATEMENT_MESSAGES.rowNotFound);
  }
  let confirmed = 0;
  let alreadyConfirmed = 0;
  for (const row of rows) {
    try {
      if (await confirmRow(ctx, actor, row, row.paper!, { resolution: 'confirmed', note: null })) confirmed += 1;
      else alreadyConfirmed += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.push({ line: row.line, message: error.message });
    }
  }
  const message =
    rows.length === 0 && refused.length === 0
      ? STATEMENT_MESSAGES.nothingToConfirm
      : `${confirmed} ${confirmed === 1 ? 'payment' : 'payments'} confirmed.` +
        (alreadyConfirmed > 0 ? ` ${alreadyConfirmed} already confirmed.` : '') +
        (refused.length > 0 ? ` ${refused.length} not confirmed.` : '');
  return { message, confirmed, alreadyConfirmed, refused, report: await statementReport(ctx, statementId) };
}

/**
 * A row resolved by hand, with a note: confirmed anyway (for its paper, or a suggested one the
 * organiser chose), rejected with a reason through the existing rejection, or only noted.
 */
export async function resolveRow(
  ctx: AppContext,
  actor: PublicUser,
  statementId: string,
  rowId: string,
  body: ResolveStatementRowBody,
) {
  const report = await statementReport(ctx, statementId);
  const row = report.rows.find((r) => r._id === rowId);
  if (!row) throw new AppError('not_found', STATEMENT_MESSAGES.rowNotFound);
  if (row.resolution !== null) throw new AppError('conflict', STATEMENT_MESSAGES.rowResolved);
  let message: string = STATEMENT_MESSAGES.noted;
  if (body.action === 'note') {
    const done = await repo.resolveRow(ctx.db, rowId, {
      resolution: 'noted',
      resolvedPaperId: null,
      note: body.note,
      resolvedBy: actor._id,
      resolvedAt: ctx.now(),
    });
    if (!done) throw new AppError('conflict', STATEMENT_MESSAGES.rowResolved);
  } else {
    // Only the paper the row names, or one it suggests: a near match is applied by a person's choice.
    const paper = [row.paper, ...row.suggestions].find((p) => p?.paperId === body.paperId);
    if (!paper) throw new AppError('bad_request', STATEMENT_MESSAGES.noPaperToConfirm);
    if (body.action === 'confirm') {
      if (row.class === 'unreadable') throw new AppError('bad_request', STATEMENT_MESSAGES.rowUnreadable);
      if (!(await confirmRow(ctx, actor, row, paper, { resolution: 'confirmed_by_hand', note: body.note })))
        throw new AppError('conflict', FEE_MESSAGES.alreadyConfirmed);
      message = FEE_MESSAGES.confirmed;
    } else {
      message = (await rejectPayment(ctx, actor, paper.paperId, { paymentId: paper.paymentId, reason: body.reason }))
        .message;
      await repo.resolveRow(ctx.db, rowId, {
        resolution: 'rejected',
        resolvedPaperId: paper.paperId,
        note: body.reason,
        resolvedBy: actor._id,
        resolvedAt: ctx.now(),
      });
    }
  }
  return { message, report: await statementReport(ctx, statementId) };
}
