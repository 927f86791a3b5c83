import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirBusyError } from '../storage/data-dir-lock.ts';
import { filesDirOf } from '../storage/file-store.ts';

export interface MaintenanceSession extends Database {
  filesDir: string;
  /** True when this process holds DATA_DIR: no server is running on it meanwhile. */
  exclusive: boolean;
}

/**
 * Opens the data of DATA_DIR / DATABASE_URL for a maintenance command. The embedded database
 * can only be opened while no server runs on it (DataDirBusyError); PostgreSQL also beside a
 * running server, then `exclusive` is false.
 */
export async function openForMaintenance(config: AppConfig): Promise<MaintenanceSession> {
  const filesDir = filesDirOf(config.dataDir);
  // Opening would create an empty database: a mistyped DATA_DIR must not look like a clean one.
  if (!config.databaseUrl && !existsSync(path.resolve(config.dataDir, 'pglite'))) {
    throw new Error(
      `There is no embedded database in ${path.resolve(config.dataDir)}: check DATA_DIR (or set DATABASE_URL).`,
    );
  }
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  try {
    return { ...(await openDatabase(target)), filesDir, exclusive: true };
  } catch (error) {
    if (!(error instanceof DataDirBusyError) || !config.databaseUrl) throw error;
    return { ...(await openDatabase({ ...target, claimDataDir: false })), filesDir, exclusive: false };
  }
}
