import path from 'node:path';
import type { FileStoreConfig } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore, filesDirOf } from './local-file-store.ts';

/** The file store the configuration names. The S3 client is loaded only when it is used. */
export async function openFileStore(
  config: { fileStore: FileStoreConfig; dataDir: string },
  log?: { warn(message: string): void },
): Promise<FileStore> {
  const settings = config.fileStore;
  if (settings.kind === 'local') return createLocalFileStore(filesDirOf(config.dataDir));
  const { createS3FileStore } = await import('./s3-file-store.ts');
  return createS3FileStore({ ...settings, spoolDir: path.resolve(config.dataDir, 'upload-spool'), log });
}
