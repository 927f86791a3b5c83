#!/usr/bin/env node
// Runs the browser tests against the built app in Debian's Chromium. Without a browser they
// are skipped loudly (or fail, with REQUIRE_E2E=1); Playwright never downloads a browser here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, staleBuildReason } from './build-state.mjs';
import { printDurations } from './e2e-durations.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = process.env.REQUIRE_E2E === '1';

if (!existsSync(chromium)) {
  const banner = '!'.repeat(78);
  console.error(`\n${banner}\n  BROWSER TESTS SKIPPED: no Chromium at ${chromium}.`);
  console.error('  Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH)');
  console.error(`${banner}\n`);
  process.exit(required ? 1 : 0);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A private build per run, so two runs (or a running dev server) never overwrite each other; or,
// with E2E_BUILD=dist (CI), the project's own build, made first if it is not of the current
// sources: the build `npm start` and the Lighthouse audit run, made once for both.
const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'ictacem-e2e-'));
let clientDir = path.join(dataRoot, 'client');
if (process.env.E2E_BUILD === 'dist') {
  const staleBecause = staleBuildReason();
  if (staleBecause) {
    console.log(`${staleBecause}: building...`);
    run(process.execPath, [path.join(PROJECT_ROOT, 'scripts', 'build.mjs')]);
  }
  // The server finds the public pages' renderer beside it, in dist/ssr (plugins/client-pages.ts).
  clientDir = path.join(PROJECT_ROOT, 'dist', 'client');
} else {
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir]);
  // The public pages' server renderer beside it, where the server looks for it (plugins/client-pages.ts).
  run('npx', [
    'vite',
    'build',
    '--ssr',
    'src/client/entry-server.tsx',
    '--logLevel',
    'warn',
    '--outDir',
    path.join(dataRoot, 'ssr'),
  ]);
  // Each route's JavaScript before its first paint against its budget, from this build's manifest.
  run('npx', ['tsx', 'scripts/js-budget.ts', clientDir]);
}

const env = {
  ...process.env,
  CLIENT_DIR: clientDir,
  CHROMIUM_PATH: chromium,
  E2E_PORT: String(await freePort()),
  E2E_CLOSED_PORT: String(await freePort()),
  E2E_DATA_DIR: path.join(dataRoot, 'open'),
  E2E_CLOSED_DATA_DIR: path.join(dataRoot, 'closed'),
  E2E_SMTP_PORT: String(await freePort()),
  E2E_SITE_WIDE_PORT: String(await freePort()),
  E2E_SITE_WIDE_DATA_DIR: path.join(dataRoot, 'site-wide'),
  E2E_OPEN_SMTP_PORT: String(await freePort()),
  E2E_SECOND_EDITION_PORT: String(await freePort()),
  E2E_SECOND_EDITION_DATA_DIR: path.join(dataRoot, 'second-edition'),
};
// A run of some specs only (files, folders or -g) skips the site-wide project's dependency on
// every other spec, which Playwright would otherwise run in full first.
const args = process.argv.slice(2);
const filtered = args.some((arg) => !arg.startsWith('-') || arg === '-g' || arg.startsWith('--grep'));
// Beside the list, a JSON report for the time per spec file printed at the end (unless a reporter is given).
const ownReporter = args.some((arg) => arg.startsWith('--reporter'));
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(dataRoot, 'report.json');
const tests = spawnSync(
  'npx',
  [
    'playwright',
    'test',
    '--output',
    path.join(dataRoot, 'test-results'),
    ...(filtered ? ['--no-deps'] : []),
    ...(ownReporter ? [] : ['--reporter=list,json']),
    ...args,
  ],
  {
    stdio: 'inherit',
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: jsonReport },
  },
);
if (!ownReporter && existsSync(jsonReport)) printDurations(jsonReport);
if (!process.env.KEEP_E2E_DATA) rmSync(dataRoot, { recursive: true, force: true });
process.exit(tests.status ?? 1);
