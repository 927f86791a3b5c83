import { createRequire } from 'node:module';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's settings for the embedded database, sized for a small resident memory
 * (docs/performance.md, "Memory"). PGlite keeps all of PostgreSQL's memory in one WebAssembly
 * heap that grows and never shrinks, and it touches all of `shared_buffers` at start: the
 * default 128 MB alone was a third of the server's memory. The data files are read through
 * the operating system's file cache, which still holds what a small buffer pool drops.
 * `maintenance_work_mem` bounds what VACUUM and index builds can add to the heap for good.
 */
const EMBEDDED_SETTINGS: readonly string[] = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/** initdb's own trial runs and bootstrap use the same small buffer pool, and write it to postgresql.conf. */
const INITDB_PARAMS = EMBEDDED_SETTINGS;

/** Written beside a template: which PGlite made it, and with what settings. */
const STAMP_FILE = 'template.json';
const DATA_SUBDIR = 'pgdata';

/** The installed PGlite's version: a template is used only by the PGlite that made it. */
async function pgliteVersion(): Promise<string> {
  // The package exports no package.json; its entry point sits in dist/, one folder below it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export async function templateStamp(): Promise<string> {
  return JSON.stringify({ pglite: await pgliteVersion(), initdb: INITDB_PARAMS });
}

/**
 * Opens (creating it with initdb when it is new) the embedded database in `dataDir` with the
 * settings above. `extensions` are PGlite's extension bundles to load.
 */
export async function createEmbedded(
  dataDir: string | undefined,
  extensions?: Record<string, unknown>,
  /** A cluster saved by `dumpDataDir` to start from instead of running initdb (in memory only). */
  image?: Blob,
): Promise<PGlite> {
  // Imported here, so a server on PostgreSQL never loads it.
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    initDbStartParams: [...INITDB_PARAMS],
    ...(extensions ? { extensions: extensions as never } : {}),
    ...(image ? { loadDataDir: image } : {}),
  });
}

/**
 * Makes an empty, initialised database cluster in `templateDir` (run by `npm run build`, in a
 * process of its own): initdb is the most memory-hungry moment of the embedded database's life
 * (about 700 MB at its peak, two PostgreSQL instances at once), so a first start copies this
 * instead. Does nothing when the template there was made by the installed PGlite already.
 * Returns whether it made one.
 */
export async function makeEmbeddedTemplate(templateDir: string): Promise<boolean> {
  const stamp = await templateStamp();
  const existing = await readFile(path.join(templateDir, STAMP_FILE), 'utf8').catch(() => null);
  if (existing === stamp) return false;
  await rm(templateDir, { recursive: true, force: true });
  await mkdir(path.join(templateDir, DATA_SUBDIR), { recursive: true });
  const client = await createEmbedded(path.join(templateDir, DATA_SUBDIR));
  await client.close();
  await writeFile(path.join(templateDir, STAMP_FILE), stamp);
  return true;
}

/**
 * Fills a new, empty embedded data directory from the template made at build time, when there
 * is one made by the installed PGlite; otherwise PGlite runs initdb itself on open. Returns
 * whether it copied the template.
 */
export async function seedFromTemplate(pgDataDir: string, templateDir: string): Promise<boolean> {
  if ((await readdir(pgDataDir).catch(() => [])).length > 0) return false;
  const stamp = await readFile(path.join(templateDir, STAMP_FILE), 'utf8').catch(() => null);
  if (stamp === null || stamp !== (await templateStamp())) return false;
  // A cluster shut down cleanly is a plain set of files: copied, it starts as itself.
  await cp(path.join(templateDir, DATA_SUBDIR), pgDataDir, { recursive: true, errorOnExist: true, force: false });
  return true;
}
