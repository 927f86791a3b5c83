// Restores an archive made by `npm run backup` into DATA_DIR (and DATABASE_URL when set):
//   npm run restore -- backups/ictacem-20251201-0300.tar.gz [--force]
// Refuses a target that already holds data unless --force (which moves it aside, never deletes
// it) and refuses to run while a server uses the data directory. See docs/operations.md.
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config.ts';
import { restoreBackup } from '@server/ops/backup.ts';
import { formatIntegrityReport } from '@server/ops/integrity.ts';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [archive] = positionals;

if (!archive || positionals.length > 1) {
  console.error('usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(2);
}

try {
  const config = loadConfig();
  const result = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    fileStore: config.fileStore,
    force: values.force,
  });
  const rows = result.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored the backup of ${result.manifest.createdAt}: ${rows} rows, ${result.manifest.files.count} files.`,
  );
  for (const dir of result.movedAside)
    console.log(`The previous contents were moved to ${dir}; delete it once you are satisfied.`);
  console.log(formatIntegrityReport(result.integrity));
  process.exitCode = result.integrity.problems.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
