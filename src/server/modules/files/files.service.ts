import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { discardFiles, type ReceivedFile, type ReceivedUpload } from '@server/lib/multipart-upload.ts';
import type { ServableFile } from '@server/lib/send-file.ts';
import * as repo from './files.repository.ts';

/**
 * The one home of stored files. An upload's bytes are in the file store before any row names
 * them; `recordUpload` adds the row in the transaction of whatever uses the file, and
 * `keepFilesOnlyIfDone` removes the bytes again when that work fails, so a refused or
 * rolled-back request leaves nothing behind.
 */
export async function recordUpload(tx: DbOrTx, file: ReceivedFile, uploaderId: string): Promise<repo.StoredFileRow> {
  return repo.insertStoredFile(tx, {
    storageKey: file.key,
    originalName: file.fileName,
    contentType: file.signature.contentType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    uploadedBy: uploaderId,
  });
}

/** Runs `work`; if it fails, the files this request stored are removed again. */
export async function keepFilesOnlyIfDone<T>(
  ctx: Pick<AppContext, 'store'>,
  upload: ReceivedUpload,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardFiles(ctx.store, upload.files);
    throw error;
  }
}

/** What a download needs of a stored file; `fileName` is the name it is offered under. */
export function servableFile(stored: repo.StoredFileRow, fileName = stored.originalName): ServableFile {
  return {
    storageKey: stored.storageKey,
    contentType: stored.contentType,
    sizeBytes: stored.sizeBytes,
    fileName,
  };
}

export async function findStoredFile(db: DbOrTx, id: string | null): Promise<repo.StoredFileRow | undefined> {
  return id ? repo.findStoredFile(db, id) : undefined;
}

/** Deletes the row in `tx`; the caller removes the bytes from the store once `tx` has committed. */
export async function forgetStoredFile(tx: DbOrTx, id: string): Promise<repo.StoredFileRow | undefined> {
  return repo.deleteStoredFile(tx, id);
}
