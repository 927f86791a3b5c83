import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  authorResponses,
  backgroundJobs,
  adminFiles,
  chatAttachments,
  chatMessages,
  papers,
  storedFiles,
  submissionVersions,
} from '../db/schema/index.ts';
import { type FileStore, STORAGE_KEY_PATTERN, UPLOAD_IN_PROGRESS_MS } from '../storage/file-store.ts';

export type ProblemKind =
  'missing' | 'wrong_size' | 'wrong_checksum' | 'unreadable' | 'size_disagrees' | 'unreferenced_row' | 'orphan_file';

export interface IntegrityProblem {
  kind: ProblemKind;
  storageKey: string;
  detail: string;
  /** The records that point at this file, in words ("abstract of ICTACEMP2025K7Q3M"). */
  usedBy: string[];
}

export interface IntegrityReport {
  /** Stored files whose bytes were read and compared with their row. */
  checkedFiles: number;
  checkedBytes: number;
  problems: IntegrityProblem[];
  /** Where the files were checked (a directory or a bucket). */
  location: string;
  /** Half-written uploads left by a stopped or killed process, deleted by this check. */
  sweptTempFiles: string[];
  /** Temporary or unreferenced files too recent to judge while a server may be writing. */
  uploadsInProgress: string[];
  /** Orphaned files deleted because removeOrphans was asked for. */
  removedOrphans: string[];
}

export interface IntegrityOptions {
  db: Db;
  store: FileStore;
  /**
   * True when no server can be writing to the store (this process holds DATA_DIR): then every
   * temporary file is a leftover and every file no row names is an orphan, whatever its age.
   */
  exclusive: boolean;
  /** Delete the orphaned files found instead of reporting them as problems. */
  removeOrphans?: boolean;
}

interface ReferencedFile {
  id: string;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

interface DatabaseView {
  files: ReferencedFile[];
  usedBy: Map<string, string[]>;
  /** Rows that carry their own copy of the size (chat attachments), to compare with the file's row. */
  recordedSizes: { fileId: string; sizeBytes: number; what: string }[];
}

/** One consistent snapshot of every file row and every row that points at one. */
async function readDatabaseView(db: Db): Promise<DatabaseView> {
  return db.transaction(
    async (tx) => {
      const files = await tx
        .select({
          id: storedFiles.id,
          storageKey: storedFiles.storageKey,
          sizeBytes: storedFiles.sizeBytes,
          sha256: storedFiles.sha256,
        })
        .from(storedFiles);
      const paperRows = await tx
        .select({
          ictacemId: papers.ictacemId,
          abstractFileId: papers.abstractFileId,
          fullPaperFileId: papers.fullPaperFileId,
        })
        .from(papers);
      const versions = await tx
        .select({
          fileId: submissionVersions.fileId,
          kind: submissionVersions.kind,
          version: submissionVersions.version,
          ictacemId: papers.ictacemId,
        })
        .from(submissionVersions)
        .innerJoin(papers, eq(papers.id, submissionVersions.paperId));
      const shared = await tx
        .select({ fileId: adminFiles.fileId, fileName: adminFiles.fileName, ictacemId: papers.ictacemId })
        .from(adminFiles)
        .innerJoin(papers, eq(papers.id, adminFiles.paperId));
      const attachments = await tx
        .select({
          fileId: chatAttachments.fileId,
          fileName: chatAttachments.fileName,
          fileSize: chatAttachments.fileSize,
          ictacemId: papers.ictacemId,
        })
        .from(chatAttachments)
        .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
        .innerJoin(papers, eq(papers.id, chatMessages.paperId));
      const revisedAbstracts = await tx
        .select({
          fileId: authorResponses.revisedAbstractFileId,
          round: authorResponses.round,
          ictacemId: papers.ictacemId,
        })
        .from(authorResponses)
        .innerJoin(papers, eq(papers.id, authorResponses.paperId))
        .where(isNotNull(authorResponses.revisedAbstractFileId));
      const jobResults = await tx
        .select({ fileId: backgroundJobs.resultFileId, kind: backgroundJobs.kind })
        .from(backgroundJobs)
        .where(isNotNull(backgroundJobs.resultFileId));

      const usedBy = new Map<string, string[]>();
      const use = (fileId: string | null, what: string) => {
        if (fileId) usedBy.set(fileId, [...(usedBy.get(fileId) ?? []), what]);
      };
      for (const p of paperRows) {
        use(p.abstractFileId, `current abstract of ${p.ictacemId}`);
        use(p.fullPaperFileId, `current full paper of ${p.ictacemId}`);
      }
      for (const v of versions) use(v.fileId, `${v.kind} version ${v.version} of ${v.ictacemId}`);
      for (const f of shared) use(f.fileId, `admin file "${f.fileName}" of ${f.ictacemId}`);
      for (const r of revisedAbstracts) use(r.fileId, `revised abstract of response ${r.round} of ${r.ictacemId}`);
      for (const j of jobResults) use(j.fileId, `the latest ${j.kind.replace(/_/g, ' ')}`);
      const recordedSizes = attachments.map((a) => {
        const what = `chat attachment "${a.fileName}" of ${a.ictacemId}`;
        use(a.fileId, what);
        return { fileId: a.fileId, sizeBytes: a.fileSize, what };
      });
      return { files, usedBy, recordedSizes };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function rowStillExists(db: Db, fileId: string): Promise<boolean> {
  return (await db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.id, fileId))).length > 0;
}

async function sha256Of(store: FileStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(await store.open(key), hash);
  return hash.digest('hex');
}

const isRecent = (modifiedAt: Date) => Date.now() - modifiedAt.getTime() < UPLOAD_IN_PROGRESS_MS;

/**
 * Checks that every file the database refers to is on disk, complete and unchanged (size and
 * SHA-256 as recorded when it was uploaded), that every file on disk belongs to a row, and
 * sweeps half-written uploads.
 */
export async function checkIntegrity(options: IntegrityOptions): Promise<IntegrityReport> {
  const { db, store, exclusive } = options;
  const swept = await store.sweepIncomplete(exclusive ? 0 : UPLOAD_IN_PROGRESS_MS);
  const report: IntegrityReport = {
    checkedFiles: 0,
    checkedBytes: 0,
    location: store.location,
    problems: [],
    sweptTempFiles: swept.removed,
    uploadsInProgress: swept.kept,
    removedOrphans: [],
  };
  const view = await readDatabaseView(db);
  // Listed after the snapshot: a file stored meanwhile shows up as unreferenced (and recent).
  const stored: { key: string; modifiedAt: Date }[] = [];
  for await (const file of store.list()) stored.push(file);
  const problem = (kind: ProblemKind, file: { id?: string; storageKey: string }, detail: string) =>
    report.problems.push({
      kind,
      storageKey: file.storageKey,
      detail,
      usedBy: (file.id && view.usedBy.get(file.id)) || [],
    });

  const byId = new Map(view.files.map((f) => [f.id, f]));
  for (const file of view.files) {
    if (!STORAGE_KEY_PATTERN.test(file.storageKey)) {
      problem('missing', file, 'the row names no file this store could have written');
      continue;
    }
    const info = await store.stat(file.storageKey);
    if (!info) {
      // Beside a running server the file may have been deleted with its row since the snapshot.
      if (exclusive || (await rowStillExists(db, file.id))) problem('missing', file, 'not in the store');
      continue;
    }
    if (info.sizeBytes !== file.sizeBytes) {
      problem('wrong_size', file, `${info.sizeBytes} bytes stored, ${file.sizeBytes} recorded`);
      continue;
    }
    try {
      const actual = await sha256Of(store, file.storageKey);
      if (actual !== file.sha256) problem('wrong_checksum', file, `SHA-256 ${actual}, ${file.sha256} recorded`);
    } catch (error) {
      problem('unreadable', file, (error as Error).message);
      continue;
    }
    report.checkedFiles += 1;
    report.checkedBytes += info.sizeBytes;
    if (!view.usedBy.has(file.id))
      problem(
        'unreferenced_row',
        file,
        'no paper, version, admin file, chat message or job result refers to this file',
      );
  }
  for (const recorded of view.recordedSizes) {
    const file = byId.get(recorded.fileId);
    if (file && file.sizeBytes !== recorded.sizeBytes) {
      problem(
        'size_disagrees',
        file,
        `${recorded.what} records ${recorded.sizeBytes} bytes, the file row ${file.sizeBytes}`,
      );
    }
  }

  const known = new Set(view.files.map((f) => f.storageKey));
  for (const { key, modifiedAt } of stored) {
    if (known.has(key)) continue;
    if (!exclusive && isRecent(modifiedAt)) {
      report.uploadsInProgress.push(key);
      continue;
    }
    if (options.removeOrphans) {
      await store.remove(key);
      report.removedOrphans.push(key);
    } else {
      problem('orphan_file', { storageKey: key }, 'stored, but no row refers to it (--remove-orphans deletes it)');
    }
  }
  return report;
}

const PROBLEM_LABELS: Record<ProblemKind, string> = {
  missing: 'MISSING',
  wrong_size: 'WRONG SIZE (half-written or truncated)',
  wrong_checksum: 'CHANGED (checksum differs)',
  unreadable: 'UNREADABLE',
  size_disagrees: 'SIZES DISAGREE',
  unreferenced_row: 'UNREFERENCED ROW',
  orphan_file: 'ORPHANED FILE',
};

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The report as an operator reads it: a summary line, then one line per problem. */
export function formatIntegrityReport(report: IntegrityReport): string {
  const lines = [
    `Checked ${report.checkedFiles} stored files (${formatBytes(report.checkedBytes)}) in ${report.location}: size and SHA-256 as recorded.`,
  ];
  if (report.sweptTempFiles.length > 0)
    lines.push(`Removed ${report.sweptTempFiles.length} half-written upload(s): ${report.sweptTempFiles.join(', ')}`);
  if (report.uploadsInProgress.length > 0) {
    lines.push(
      `Left ${report.uploadsInProgress.length} recent file(s) alone (uploads in progress in the running server): ${report.uploadsInProgress.join(', ')}`,
    );
  }
  for (const p of report.problems) {
    const used = p.usedBy.length > 0 ? ` [used by: ${p.usedBy.join('; ')}]` : '';
    lines.push(`${PROBLEM_LABELS[p.kind]}: ${p.storageKey}: ${p.detail}${used}`);
  }
  if (report.removedOrphans.length > 0)
    lines.push(`Deleted ${report.removedOrphans.length} orphaned file(s): ${report.removedOrphans.join(', ')}`);
  lines.push(
    report.problems.length === 0
      ? 'OK: every referenced file is intact and every file is referenced.'
      : `FAILED: ${report.problems.length} problem(s).`,
  );
  return lines.join('\n');
}
