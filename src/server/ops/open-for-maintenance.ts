import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { excludeServers, ServersRunningError } from '../db/server-presence.ts';
import type { FileStore } from '../storage/file-store.ts';
import { openFileStore } from '../storage/open-file-store.ts';
import { setConference } from '@shared/conference.ts';

export interface MaintenanceSession extends Database {
  store: FileStore;
  /** True when this process holds DATA_DIR: no server is running on it meanwhile. */
  exclusive: boolean;
}

/**
 * Opens the data of DATA_DIR / DATABASE_URL for a maintenance command. The embedded database
 * can only be opened while no server runs on it (DataDirBusyError); PostgreSQL also beside
 * running servers, then `exclusive` is false.
 */
export async function openForMaintenance(config: AppConfig): Promise<MaintenanceSession> {
  // What the checks and copies read of the conference (its themes, its file names), as the server would.
  setConference(config.conference);
  // Opening would create an empty database: a mistyped DATA_DIR must not look like a clean one.
  if (!config.databaseUrl && !existsSync(path.resolve(config.dataDir, 'pglite'))) {
    throw new Error(
      `There is no embedded database in ${path.resolve(config.dataDir)}: check DATA_DIR (or set DATABASE_URL).`,
    );
  }
  // Holding servers off keeps the check exclusive until close: a server starting meanwhile waits.
  const servers = config.databaseUrl
    ? await excludeServers(config.databaseUrl).catch((error: unknown) => {
        if (error instanceof ServersRunningError) return undefined;
        throw error;
      })
    : undefined;
  const exclusive = !config.databaseUrl || servers !== undefined;
  try {
    const store = await openFileStore(config);
    try {
      // A mistyped bucket must not look like one whose files are all missing.
      await store.verify();
    } catch (error) {
      store.close();
      throw error;
    }
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
      (error: unknown) => {
        store.close();
        throw error;
      },
    );
    return {
      ...database,
      store,
      exclusive,
      async close() {
        store.close();
        await database.close();
        await servers?.release();
      },
    };
  } catch (error) {
    await servers?.release();
    throw error;
  }
}
