// `npm start`: runs the compiled server, building it (and the client) first only when the build
// is missing or older than what it is built from (build-state.mjs), whatever the conference and
// its base path; so a restart takes about a second.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { PROJECT_ROOT as root, staleBuildReason } from './build-state.mjs';

const reason = staleBuildReason();
if (reason) {
  console.log(`${reason}: building...`);
  // The same Node that runs this script, so no npm needs to be on the PATH (e.g. under systemd).
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.error) console.error(result.error);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The embedded database is PostgreSQL compiled to WebAssembly. V8 runs each of its functions
// first as quickly compiled code and compiles again, optimised, every function that has run
// past a budget (about 1.8 MB of its code executed). PGlite's own start and the migrations' check
// use up the budget of hundreds of functions, and the start then waited for those compilations,
// which the first requests do not need (docs/performance.md, "Restart time"). Until the server
// answers, each function is given a budget fifty times as large; after it, the default again for
// every budget spent, so the queries that keep running are optimised as before.
const WASM_TIERING_BUDGET_AT_START = 100_000_000;
const WASM_TIERING_BUDGET = 1_800_000;
v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET_AT_START}`);

// In this process: no parent process stays behind holding memory.
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
