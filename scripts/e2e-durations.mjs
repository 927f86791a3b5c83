// Where the browser tests' time goes, from Playwright's JSON report: each spec file's summed test
// durations (every attempt, retries included), the slowest first, and the sum over the run, which
// moves far less with the number of workers than the wall time does. Printed by scripts/run-e2e.mjs
// after each run; or:  node scripts/e2e-durations.mjs <report.json> [how many files]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Milliseconds per spec file and the number of tests in it, from a Playwright JSON report. */
export function durationsByFile(report) {
  const files = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = files.get(spec.file) ?? { ms: 0, tests: 0 };
      for (const test of spec.tests) {
        file.tests++;
        for (const result of test.results) file.ms += result.duration;
      }
      files.set(spec.file, file);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...files].map(([file, { ms, tests }]) => ({ file, ms, tests })).sort((a, b) => b.ms - a.ms);
}

export function printDurations(reportPath, top = 12) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const files = durationsByFile(report);
  const total = files.reduce((sum, file) => sum + file.ms, 0);
  const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
  console.log(`\nBrowser tests by spec file (summed test durations, ${files.length} files):`);
  for (const { file, ms, tests } of files.slice(0, top))
    console.log(`  ${minutes(ms).padStart(9)}  ${String(tests).padStart(3)} tests  ${file}`);
  console.log(
    `  ${minutes(total).padStart(9)}  in all, over ${report.config?.metadata?.actualWorkers ?? '?'} workers; ` +
      `the run took ${minutes(report.stats?.duration ?? 0)}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printDurations(process.argv[2], Number(process.argv[3] ?? 100));
}
