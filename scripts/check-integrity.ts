// Checks the uploaded files against the database, sweeps half-written uploads, and checks the
// review records' invariants (counts agree, every history replays, no impossible data):
//   npm run check:integrity [-- --remove-orphans]
// Uses DATA_DIR / DATABASE_URL like the server. Exit code 0 when everything is intact, 1 when a
// problem was found, 2 when the check could not run. See docs/operations.md.
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config.ts';
import { checkIntegrity, formatIntegrityReport } from '@server/ops/integrity.ts';
import { openForMaintenance } from '@server/ops/open-for-maintenance.ts';
import { checkReviewInvariants, formatInvariantProblems } from '@server/ops/review-invariants.ts';

const { values } = parseArgs({ options: { 'remove-orphans': { type: 'boolean', default: false } } });

try {
  const session = await openForMaintenance(loadConfig());
  try {
    if (!session.exclusive) console.log('A server is running on this data directory: recent uploads are left alone.');
    const report = await checkIntegrity({
      db: session.db,
      store: session.store,
      exclusive: session.exclusive,
      removeOrphans: values['remove-orphans'],
    });
    console.log(formatIntegrityReport(report));
    const invariants = await checkReviewInvariants(session.db);
    console.log(formatInvariantProblems(invariants));
    process.exitCode = report.problems.length === 0 && invariants.length === 0 ? 0 : 1;
  } finally {
    await session.close();
  }
} catch (error) {
  console.error(`check:integrity could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
