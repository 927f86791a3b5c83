// Whether dist/ holds a build of the current sources: read by `npm start` (scripts/start.mjs),
// which builds again when it does not, and by `npm run footprint`, which builds before it measures.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(PROJECT_ROOT, 'dist', '.build-stamp');
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

/**
 * The base path the client must be built for when it is not the default conference's: BASE_PATH,
 * else the conference file's `basePath` (CONFERENCE_FILE), else null. A file that cannot be read
 * gives null here: the server's start names what is wrong with it.
 * @returns {string | null}
 */
export function configuredBasePath(env = process.env) {
  if (env.BASE_PATH) return env.BASE_PATH;
  if (!env.CONFERENCE_FILE) return null;
  try {
    const basePath = parse(readFileSync(env.CONFERENCE_FILE, 'utf8'))?.basePath;
    return typeof basePath === 'string' ? basePath : null;
  } catch {
    return null;
  }
}

/**
 * Why the build must be made again (missing, older than what it is built from, migrations
 * included, so an old bundle never runs a newer schema, or made for another base path), or null.
 * @param {string | null} [basePath] the base path the server will run with (configuredBasePath)
 * @returns {string | null}
 */
export function staleBuildReason(basePath = configuredBasePath()) {
  const built = readStamp();
  const changedAt = Math.max(...SOURCES.map((source) => newest(path.join(PROJECT_ROOT, source))));
  const outputs = [path.join('server', 'main.js'), path.join('ssr', 'entry-server.js')];
  if (!built || !outputs.every((output) => existsSync(path.join(PROJECT_ROOT, 'dist', output)))) return 'No build yet';
  if (built.at < changedAt) return 'Sources changed since the last build';
  if (built.basePath !== basePath)
    return 'The base path (BASE_PATH or the conference file) changed since the last build';
  return null;
}
