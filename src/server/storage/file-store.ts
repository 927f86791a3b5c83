import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
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

/** Where uploaded bytes live. Local disk today; S3-compatible storage can implement the same. */
export interface FileStore {
  /**
   * Streams the source to a temporary file, stopping as soon as it passes maxBytes, and
   * renames it into place only when complete. The caller adds the database row afterwards.
   */
  put(source: Readable, options: PutOptions): Promise<StoredObject>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

export const STORAGE_KEY_PATTERN = /^[0-9a-f-]{36}$/;
/** Uploads in progress: `<key>.part` files, renamed into place only when complete. */
export const TMP_DIR_NAME = 'tmp';
export const PART_SUFFIX = '.part';

/** Uploaded files live in DATA_DIR/files. */
export function filesDirOf(dataDir: string): string {
  return path.resolve(dataDir, 'files');
}

/** Where a complete file with this key lives: `<root>/<first 2 chars>/<key>`. */
export function storedFilePath(rootDir: string, key: string): string {
  return path.join(rootDir, key.slice(0, 2), key);
}

/** Makes a rename or a new directory entry survive a power cut, not only a killed process. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

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

export function createLocalFileStore(rootDir: string): FileStore {
  const tmpDir = path.join(rootDir, TMP_DIR_NAME);
  const pathOf = (key: string) => {
    // Keys are generated here; anything else is refused, so no caller can reach outside rootDir.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new StoredFileMissingError();
    return storedFilePath(rootDir, key);
  };

  return {
    async put(source, { maxBytes, tooLargeMessage, through = [] }) {
      await mkdir(tmpDir, { recursive: true });
      const key = randomUUID();
      const tmpPath = path.join(tmpDir, `${key}${PART_SUFFIX}`);
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
      const handle = await open(tmpPath, 'wx');
      // flush: the bytes reach the disk before the rename, so a renamed file is never a partial one.
      const file = handle.createWriteStream({ flush: true });
      try {
        await pipeline([source, ...through, meter, file]);
        const finalPath = pathOf(key);
        await mkdir(path.dirname(finalPath), { recursive: true });
        await rename(tmpPath, finalPath);
        await syncDirectory(path.dirname(finalPath));
      } catch (error) {
        await rm(tmpPath, { force: true });
        throw error;
      }
      return { key, sizeBytes, sha256: hash.digest('hex') };
    },

    async open(key) {
      const filePath = pathOf(key);
      await stat(filePath).catch(() => {
        throw new StoredFileMissingError();
      });
      return createReadStream(filePath);
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
