// `npm start`: runs the compiled server, building it (and the client) first only when the build
// is missing, older than what it is built from or made for another BASE_PATH (build-state.mjs);
// so a restart takes about a second.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT as root, staleBuildReason } from './build-state.mjs';

const reason = staleBuildReason(process.env.BASE_PATH || null);
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

// In this process: no parent process stays behind holding memory.
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
