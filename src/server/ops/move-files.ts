import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Db } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';
import { type FileStore, StoredFileMissingError } from '../storage/file-store.ts';

export interface MoveReport {
  copied: number;
  copiedBytes: number;
  /** Already in the target with the recorded size (an earlier run copied them). */
  alreadyThere: number;
  /** Rows whose file is not in the source: nothing to copy (`npm run check:integrity` explains). */
  missing: string[];
  /** Copied, but the bytes were not the ones recorded at upload: the source was damaged. */
  changed: string[];
}

/**
 * Copies every file the database refers to from one store to another (local disk to a bucket),
 * under the same keys, hashing each on the way. Files already in the target with the right
 * size are skipped, so a run can be repeated: once while the site still serves from the
 * source, then again, quickly, after it stops. The source is never changed.
 */
export async function copyReferencedFiles(
  db: Db,
  from: FileStore,
  to: FileStore,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<MoveReport> {
  const rows = await db
    .select({ storageKey: storedFiles.storageKey, sizeBytes: storedFiles.sizeBytes, sha256: storedFiles.sha256 })
    .from(storedFiles)
    .orderBy(storedFiles.storageKey);
  const report: MoveReport = { copied: 0, copiedBytes: 0, alreadyThere: 0, missing: [], changed: [] };
  for (const [index, row] of rows.entries()) {
    onProgress(index, rows.length);
    if ((await to.stat(row.storageKey))?.sizeBytes === row.sizeBytes) {
      report.alreadyThere += 1;
      continue;
    }
    let source;
    try {
      source = await from.open(row.storageKey);
    } catch (error) {
      if (!(error instanceof StoredFileMissingError)) throw error;
      report.missing.push(row.storageKey);
      continue;
    }
    const hash = createHash('sha256');
    const hashed = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    source.on('error', (error) => hashed.destroy(error));
    await to.putAt(row.storageKey, source.pipe(hashed));
    if (hash.digest('hex') !== row.sha256) report.changed.push(row.storageKey);
    report.copied += 1;
    report.copiedBytes += row.sizeBytes;
  }
  onProgress(rows.length, rows.length);
  return report;
}
