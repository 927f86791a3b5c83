import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  checkedKey,
  type FileStore,
  PART_SUFFIX,
  spoolUpload,
  STORAGE_KEY_PATTERN,
  StoredFileMissingError,
  syncDirectory,
} from './file-store.ts';

/** Uploads in progress: `<key>.part` files, renamed into place only when complete. */
export const TMP_DIR_NAME = 'tmp';

/** Uploaded files live in DATA_DIR/files. */
export function filesDirOf(dataDir: string): string {
  return path.resolve(dataDir, 'files');
}

/** Where a complete file with this key lives: `<root>/<first 2 chars>/<key>`. */
export function storedFilePath(rootDir: string, key: string): string {
  return path.join(rootDir, key.slice(0, 2), key);
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Moves a complete temporary file into place for good. */
async function install(tmpPath: string, finalPath: string): Promise<void> {
  await mkdir(path.dirname(finalPath), { recursive: true });
  await rename(tmpPath, finalPath);
  await syncDirectory(path.dirname(finalPath));
}

/** Files in `<rootDir>/<2 chars>/<key>`, uploads in progress in `<rootDir>/tmp`. */
export function createLocalFileStore(rootDir: string): FileStore {
  const tmpDir = path.join(rootDir, TMP_DIR_NAME);
  const pathOf = (key: string) => storedFilePath(rootDir, checkedKey(key));

  return {
    location: rootDir,

    async put(source, options) {
      await mkdir(tmpDir, { recursive: true });
      const { spoolPath, ...stored } = await spoolUpload(tmpDir, source, options);
      try {
        await install(spoolPath, pathOf(stored.key));
      } catch (error) {
        await rm(spoolPath, { force: true });
        throw error;
      }
      return stored;
    },

    async putAt(key, source) {
      const finalPath = pathOf(key);
      await mkdir(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, `${randomUUID()}${PART_SUFFIX}`);
      try {
        const handle = await open(tmpPath, 'wx');
        await pipeline(source, handle.createWriteStream({ flush: true }));
        await install(tmpPath, finalPath);
      } catch (error) {
        await rm(tmpPath, { force: true });
        throw error;
      }
    },

    async open(key, range) {
      const filePath = pathOf(key);
      await stat(filePath).catch(() => {
        throw new StoredFileMissingError();
      });
      return createReadStream(filePath, range);
    },

    async stat(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? { sizeBytes: info.size, modifiedAt: info.mtime } : undefined;
    },

    async copyToFile(key, destination) {
      const from = pathOf(key);
      await mkdir(path.dirname(destination), { recursive: true });
      try {
        // A hard link is instant and immune to a later delete of the original.
        await link(from, destination);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') throw new StoredFileMissingError();
        if (code !== 'EXDEV') throw error;
        await copyFile(from, destination).catch((copyError: unknown) => {
          throw (copyError as NodeJS.ErrnoException).code === 'ENOENT' ? new StoredFileMissingError() : copyError;
        });
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list() {
      for (const prefix of await listDir(rootDir)) {
        if (prefix === TMP_DIR_NAME || prefix.length !== 2) continue;
        for (const name of await listDir(path.join(rootDir, prefix))) {
          if (!STORAGE_KEY_PATTERN.test(name) || !name.startsWith(prefix)) continue;
          const info = await stat(path.join(rootDir, prefix, name)).catch(() => null);
          if (info?.isFile()) yield { key: name, sizeBytes: info.size, modifiedAt: info.mtime };
        }
      }
    },

    async sweepIncomplete(olderThanMs) {
      const removed: string[] = [];
      const kept: string[] = [];
      for (const name of await listDir(tmpDir)) {
        if (!name.endsWith(PART_SUFFIX)) continue;
        const file = path.join(tmpDir, name);
        const info = await stat(file).catch(() => null);
        if (!info) continue;
        if (olderThanMs > 0 && Date.now() - info.mtimeMs < olderThanMs) {
          kept.push(path.join(TMP_DIR_NAME, name));
          continue;
        }
        await rm(file, { force: true });
        removed.push(path.join(TMP_DIR_NAME, name));
      }
      return { removed, kept };
    },

    async verify() {
      await mkdir(tmpDir, { recursive: true });
    },

    close() {},
  };
}
