// Copies the uploaded files of DATA_DIR/files into the bucket the S3_* settings name:
//   FILE_STORE=s3 S3_BUCKET=... [S3_ENDPOINT=...] npm run files:migrate-to-s3
// Safe to repeat: files already in the bucket are skipped. Run it once while the site still
// serves from disk, stop the site, run it again, then start it with FILE_STORE=s3. The local
// files are left as they are. See docs/operations.md.
import { loadConfig } from '@server/config.ts';
import { copyReferencedFiles } from '@server/ops/move-files.ts';
import { openForMaintenance } from '@server/ops/open-for-maintenance.ts';
import { createLocalFileStore, filesDirOf } from '@server/storage/local-file-store.ts';

try {
  const config = loadConfig();
  if (config.fileStore.kind !== 's3')
    throw new Error('set FILE_STORE=s3 and the S3_* settings of the bucket to copy the files into');
  const session = await openForMaintenance(config);
  const from = createLocalFileStore(filesDirOf(config.dataDir));
  try {
    await session.store.verify();
    let shown = -1;
    const report = await copyReferencedFiles(session.db, from, session.store, (done, total) => {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (percent !== shown && (percent % 10 === 0 || done === total)) {
        shown = percent;
        console.log(`${done} of ${total} files (${percent}%)`);
      }
    });
    console.log(
      `Copied ${report.copied} files (${report.copiedBytes} bytes) from ${from.location} to ${session.store.location}; ${report.alreadyThere} were already there.`,
    );
    for (const key of report.missing) console.error(`MISSING on disk, not copied: ${key}`);
    for (const key of report.changed)
      console.error(`CHANGED on disk (checksum differs from the record), copied as found: ${key}`);
    process.exitCode = report.missing.length + report.changed.length === 0 ? 0 : 1;
  } finally {
    await session.close();
  }
} catch (error) {
  console.error(`files:migrate-to-s3 failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
