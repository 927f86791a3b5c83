import { createHash, randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  key: string;
  sizeBytes: number;
  sha256: string;
}

export interface PutOptions {
  maxBytes: number;
  tooLargeMessage: string;
  /** Checks the bytes on their way in (e.g. a file signature); an error aborts the write. */
  through?: Transform[];
}

export interface StoredFileInfo {
  sizeBytes: number;
  modifiedAt: Date;
}

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploaded bytes live: local disk (the default) or an S3-compatible bucket. */
export interface FileStore {
  /** Where the files are, in words, for messages and logs ("/srv/ictacem/data/files", "s3://bucket"). */
  readonly location: string;
  /**
   * Receives the source completely first (checked, measured and hashed on the way, stopping as
   * soon as it passes maxBytes), then makes it a stored file in one step, so no stored file is
   * ever a partial one. The caller adds the database row afterwards.
   */
  put(source: Readable, options: PutOptions): Promise<StoredObject>;
  /** Stores bytes under a key they already have (a restore, a move between stores); replaces what is there. */
  putAt(key: string, source: Readable): Promise<void>;
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** The file's size and age, or undefined when there is none. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** Writes a copy of the file to a local path (a backup's staging directory). */
  copyToFile(key: string, destination: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Every stored file, in no particular order. */
  list(): AsyncIterable<{ key: string } & StoredFileInfo>;
  /**
   * Deletes half-received uploads left by a process that stopped mid-way. With `olderThanMs`
   * only those untouched for that long: another process may be receiving the others.
   */
  sweepIncomplete(olderThanMs: number): Promise<{ removed: string[]; kept: string[] }>;
  /** Fails with a StorageUnavailableError that names the problem when the store cannot be used. */
  verify(): Promise<void>;
  close(): void;
}

export const STORAGE_KEY_PATTERN = /^[0-9a-f-]{36}$/;
/**
 * While a server may be writing, a half-received upload or an unreferenced file younger than
 * this may be an upload in progress; older ones are leftovers.
 */
export const UPLOAD_IN_PROGRESS_MS = 60 * 60_000;
export const PART_SUFFIX = '.part';

/** No stored file has this key (or the key is not one the store makes). */
export class StoredFileMissingError extends Error {
  constructor() {
    super('File not found');
    this.name = 'StoredFileMissingError';
  }
}

/** The upload passed its size limit while streaming; the message, given by the caller, is for the uploader. */
export class UploadTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadTooLargeError';
  }
}

/** The store could not be reached or refused the operation (storage down, wrong credentials). */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** Keys are generated here; anything else is refused, so no caller can name a path or object outside the store. */
export function checkedKey(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new StoredFileMissingError();
  return key;
}

/** Makes a rename or a new directory entry survive a power cut, not only a killed process. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Streams an upload into `<spoolDir>/<new key>.part`, through the caller's checks, counting and
 * hashing it, and stopping as soon as it passes maxBytes. The bytes are on disk (flushed) when
 * this returns; on failure the partial file is gone.
 */
export async function spoolUpload(
  spoolDir: string,
  source: Readable,
  { maxBytes, tooLargeMessage, through = [] }: PutOptions,
): Promise<StoredObject & { spoolPath: string }> {
  const key = randomUUID();
  const spoolPath = path.join(spoolDir, `${key}${PART_SUFFIX}`);
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) {
        callback(new UploadTooLargeError(tooLargeMessage));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  // Opened before any byte flows: a stream that opens its file itself may create it after an
  // early refusal was already cleaned up, leaving a stray temporary file behind.
  const handle = await open(spoolPath, 'wx');
  // flush: the bytes reach the disk before the caller moves them on, so a stored file is never a partial one.
  const file = handle.createWriteStream({ flush: true });
  try {
    await pipeline([source, ...through, meter, file]);
  } catch (error) {
    await rm(spoolPath, { force: true });
    throw error;
  }
  return { key, sizeBytes, sha256: hash.digest('hex'), spoolPath };
}
