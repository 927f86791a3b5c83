import { createWriteStream } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  type BackupManifest,
  type BackupSource,
  readBackupManifest,
  streamBackup,
  writeThroughPartial,
} from './backup.ts';

/**
 * The embedded database can only be opened by the server that holds DATA_DIR, so while it runs
 * `npm run backup` asks the server itself for the archive, over a Unix socket in DATA_DIR.
 * Only the account that runs the server (which can read DATA_DIR anyway) can connect.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'backup.sock');
}

/** Serves one backup archive to every connection; call only while holding DATA_DIR. */
export async function listenForBackups(
  source: BackupSource,
  socketPath: string,
  log: FastifyBaseLogger,
): Promise<net.Server> {
  // A socket file left by a killed server: nothing can be listening, this process holds DATA_DIR.
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    streamBackup(source, socket)
      .then((manifest) => log.info({ files: manifest.files.count }, 'backup sent to npm run backup'))
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup failed');
        socket.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return server;
}

/**
 * Receives a backup from the running server into `outFile` (through `.partial`). Resolves to
 * null when no server listens; throws when the server failed mid-way (the archive is checked).
 */
export async function receiveBackupFromServer(socketPath: string, outFile: string): Promise<BackupManifest | null> {
  const socket = await new Promise<net.Socket | null>((resolve, reject) => {
    const connection = net.connect(socketPath);
    connection.once('connect', () => resolve(connection));
    connection.once('error', (error: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? resolve(null) : reject(error),
    );
  });
  if (!socket) return null;
  return writeThroughPartial(outFile, async (partial) => {
    await pipeline(socket, createWriteStream(partial));
    // A server that failed mid-way just closes the connection: only a whole archive reads back.
    return readBackupManifest(partial);
  });
}
