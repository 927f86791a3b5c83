import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  adminFiles,
  chatAttachments,
  chatMessages,
  papers,
  storedFiles,
  submissionVersions,
} from '../db/schema/index.ts';
import { PART_SUFFIX, STORAGE_KEY_PATTERN, storedFilePath, TMP_DIR_NAME } from '../storage/file-store.ts';

/**
 * While a server may be writing (PostgreSQL beside a running server), a temporary file or an
 * unreferenced file younger than this may be an upload in progress; older ones are leftovers.
 */
export const UPLOAD_IN_PROGRESS_MS = 60 * 60_000;

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
  /** Half-written uploads left by a stopped or killed process, deleted by this check. */
  sweptTempFiles: string[];
  /** Temporary or unreferenced files too recent to judge while a server may be writing. */
  uploadsInProgress: string[];
  /** Orphaned files deleted because removeOrphans was asked for. */
  removedOrphans: string[];
}

export interface IntegrityOptions {
  db: Db;
  filesDir: string;
  /**
   * True when no server can be writing to filesDir (this process holds DATA_DIR): then every
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

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function modifiedWithin(file: string, ms: number): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return info !== null && Date.now() - info.mtimeMs < ms;
}

/**
 * Deletes half-written uploads (`files/tmp/*.part`). With `olderThanMs` only those not written
 * to for that long, so uploads in progress in a running server are left alone.
 */
export async function sweepTempFiles(
  filesDir: string,
  olderThanMs = 0,
): Promise<{ removed: string[]; kept: string[] }> {
  const tmpDir = path.join(filesDir, TMP_DIR_NAME);
  const removed: string[] = [];
  const kept: string[] = [];
  for (const name of await listDir(tmpDir)) {
    if (!name.endsWith(PART_SUFFIX)) continue;
    const file = path.join(tmpDir, name);
    if (olderThanMs > 0 && (await modifiedWithin(file, olderThanMs))) {
      kept.push(name);
      continue;
    }
    await rm(file, { force: true });
    removed.push(name);
  }
  return { removed, kept };
}

/** Every complete file on disk: `<filesDir>/<2 chars>/<key>`. */
async function listStoredKeys(filesDir: string): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of await listDir(filesDir)) {
    if (prefix === TMP_DIR_NAME || prefix.length !== 2) continue;
    for (const name of await listDir(path.join(filesDir, prefix))) {
      if (STORAGE_KEY_PATTERN.test(name) && name.startsWith(prefix)) keys.push(name);
    }
  }
  return keys;
}

/**
 * Checks that every file the database refers to is on disk, complete and unchanged (size and
 * SHA-256 as recorded when it was uploaded), that every file on disk belongs to a row, and
 * sweeps half-written uploads.
 */
export async function checkIntegrity(options: IntegrityOptions): Promise<IntegrityReport> {
  const { db, filesDir, exclusive } = options;
  const swept = await sweepTempFiles(filesDir, exclusive ? 0 : UPLOAD_IN_PROGRESS_MS);
  const report: IntegrityReport = {
    checkedFiles: 0,
    checkedBytes: 0,
    problems: [],
    sweptTempFiles: swept.removed,
    uploadsInProgress: swept.kept.map((name) => path.join(TMP_DIR_NAME, name)),
    removedOrphans: [],
  };
  const view = await readDatabaseView(db);
  // Listed after the snapshot: a file renamed into place meanwhile shows up as unreferenced (and recent).
  const onDisk = await listStoredKeys(filesDir);
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
    const filePath = storedFilePath(filesDir, file.storageKey);
    const info = await stat(filePath).catch(() => null);
    if (!info?.isFile()) {
      // Beside a running server the file may have been deleted with its row since the snapshot.
      if (exclusive || (await rowStillExists(db, file.id))) problem('missing', file, 'no file on disk');
      continue;
    }
    if (info.size !== file.sizeBytes) {
      problem('wrong_size', file, `${info.size} bytes on disk, ${file.sizeBytes} recorded`);
      continue;
    }
    try {
      const actual = await sha256Of(filePath);
      if (actual !== file.sha256) problem('wrong_checksum', file, `SHA-256 ${actual}, ${file.sha256} recorded`);
    } catch (error) {
      problem('unreadable', file, (error as Error).message);
      continue;
    }
    report.checkedFiles += 1;
    report.checkedBytes += info.size;
    if (!view.usedBy.has(file.id))
      problem('unreferenced_row', file, 'no paper, version, admin file or chat message refers to this file');
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
  for (const key of onDisk) {
    if (known.has(key)) continue;
    const filePath = storedFilePath(filesDir, key);
    if (!exclusive && (await modifiedWithin(filePath, UPLOAD_IN_PROGRESS_MS))) {
      report.uploadsInProgress.push(path.join(key.slice(0, 2), key));
      continue;
    }
    if (options.removeOrphans) {
      await rm(filePath, { force: true });
      report.removedOrphans.push(key);
    } else {
      problem('orphan_file', { storageKey: key }, 'on disk, but no row refers to it (--remove-orphans deletes it)');
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
    `Checked ${report.checkedFiles} stored files (${formatBytes(report.checkedBytes)}): size and SHA-256 as recorded.`,
  ];
  if (report.sweptTempFiles.length > 0)
    lines.push(`Removed ${report.sweptTempFiles.length} half-written upload(s) from files/tmp.`);
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
