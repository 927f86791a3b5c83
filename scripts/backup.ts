// Writes one archive with a consistent snapshot of the database and the uploaded files:
//   npm run backup [-- --output backups/ictacem-20251201-0300.tar.gz]
// Uses DATA_DIR / DATABASE_URL like the server, and works whether the server runs or not (a
// running server with the embedded database sends the backup itself). See docs/operations.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config.ts';
import { type BackupManifest, writeBackup } from '@server/ops/backup.ts';
import { backupSocketPath, receiveBackupFromServer } from '@server/ops/backup-socket.ts';
import { openForMaintenance } from '@server/ops/open-for-maintenance.ts';
import { DataDirBusyError } from '@server/storage/data-dir-lock.ts';

const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
const { values } = parseArgs({ options: { output: { type: 'string', default: `ictacem-backup-${stamp}.tar.gz` } } });
const output = path.resolve(values.output);

async function backUp(): Promise<{ manifest: BackupManifest; by: string }> {
  const config = loadConfig();
  try {
    const session = await openForMaintenance(config);
    try {
      const manifest = await writeBackup(
        { db: session.db, kind: session.kind, store: session.store, workDir: path.resolve(config.dataDir) },
        output,
      );
      return { manifest, by: session.exclusive ? 'with the server stopped' : 'beside the running server' };
    } finally {
      await session.close();
    }
  } catch (error) {
    // The embedded database is open in the running server: ask the server for the backup.
    if (!(error instanceof DataDirBusyError)) throw error;
    const manifest = await receiveBackupFromServer(backupSocketPath(config.dataDir), output);
    if (!manifest) throw error;
    return { manifest, by: 'by the running server' };
  }
}

try {
  const { manifest, by } = await backUp();
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backup taken ${by}, written to ${output}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.files.count} files (${manifest.files.bytes} bytes).`,
  );
  if (manifest.missingFiles.length > 0) {
    console.error(
      `WARNING: ${manifest.missingFiles.length} file(s) the database refers to were already missing: ${manifest.missingFiles.join(', ')}. Run npm run check:integrity.`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
