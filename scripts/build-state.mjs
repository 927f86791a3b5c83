// Whether dist/ holds a build of the current sources: read by `npm start` (scripts/start.mjs),
// which builds again when it does not, and by `npm run footprint`, which builds before it measures.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
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

function readStamp(stamp) {
  try {
    return { ...JSON.parse(readFileSync(stamp, 'utf8')), at: statSync(stamp).mtimeMs };
  } catch {
    return null;
  }
}

/**
 * Why the build must be made again (missing, or older than what it is built from, migrations
 * included, so an old bundle never runs a newer schema), or null. The conference and its base
 * path are no part of it: one build serves any (vite.config.ts).
 * @param {string} [root] the project whose dist/ is checked
 * @returns {string | null}
 */
export function staleBuildReason(root = PROJECT_ROOT) {
  const built = readStamp(path.join(root, 'dist', '.build-stamp'));
  const changedAt = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
  const outputs = [path.join('server', 'main.js'), path.join('ssr', 'entry-server.js')];
  if (!built || !outputs.every((output) => existsSync(path.join(root, 'dist', output)))) return 'No build yet';
  if (built.at < changedAt) return 'Sources changed since the last build';
  return null;
}
