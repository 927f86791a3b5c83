import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folders, found from wherever this code runs: the TypeScript sources
 * (src/server/) or the compiled bundle (dist/server/main.js) sit at different depths, so the
 * root is the nearest folder above with a package.json.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('No package.json above the server code');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
/** SQL migrations, applied at start. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'drizzle');
/** The client built by Vite. */
export const BUILT_CLIENT_DIR = path.join(PROJECT_ROOT, 'dist', 'client');
/** An empty embedded database made by `npm run build`, copied by a first start instead of running initdb. */
export const EMBEDDED_TEMPLATE_DIR = path.join(PROJECT_ROOT, 'dist', 'pglite-template');
