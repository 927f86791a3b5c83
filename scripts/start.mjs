// `npm start`: runs the compiled server, building it (and the client) first only when the build
// is missing or older than what it is built from, so a restart takes about a second.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, 'dist', '.build-stamp');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** The newest modification time under a file or folder. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stats.mtimeMs);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
if (builtAt < changedAt || !existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
  console.log(builtAt ? 'Sources changed since the last build: building...' : 'First start: building...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// In this process: no parent process stays behind holding memory.
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
