// `npm start`: runs the compiled server, building it (and the client) first only when the build
// is missing, older than what it is built from (migrations included, so an old bundle never runs
// a newer schema) or made for another BASE_PATH; so a restart takes about a second.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, 'dist', '.build-stamp');
const SOURCES = [
  'src',
  'public',
  'drizzle',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
];

/** The newest modification time under a file or folder. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stats.mtimeMs);
}

function readStamp() {
  try {
    return { ...JSON.parse(readFileSync(stamp, 'utf8')), at: statSync(stamp).mtimeMs };
  } catch {
    return null;
  }
}

const built = readStamp();
const changedAt = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
const basePath = process.env.BASE_PATH || null;
const reason =
  !built || !existsSync(path.join(root, 'dist', 'server', 'main.js'))
    ? 'No build yet'
    : built.at < changedAt
      ? 'Sources changed since the last build'
      : built.basePath !== basePath
        ? 'BASE_PATH changed since the last build'
        : null;
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
