import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type * as Tar from 'tar';
import { type Database, type Db, type DbOrTx, openDatabase } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';
import { excludeServers } from '../db/server-presence.ts';
import { vacuumAfterBulkLoad } from '../db/bulk-load-upkeep.ts';
import { rowsOf } from '../db/raw-rows.ts';
import { loadedWhenUsed } from '../lib/loaded-when-used.ts';
import { type DataDirLock, lockDataDir } from '../storage/data-dir-lock.ts';
import type { FileStoreConfig } from '../config.ts';
import { type FileStore, STORAGE_KEY_PATTERN, StoredFileMissingError } from '../storage/file-store.ts';
import { filesDirOf, storedFilePath, TMP_DIR_NAME } from '../storage/local-file-store.ts';
import { openFileStore } from '../storage/open-file-store.ts';
import { checkIntegrity, type IntegrityReport } from './integrity.ts';

/** Loaded by the first backup or restore, not at start. */
const tar = loadedWhenUsed<typeof Tar>('tar');

/**
 * A backup is one .tar.gz holding a consistent snapshot of the database and exactly the files
 * that snapshot refers to:
 *   database/<table>.ndjson   every row as JSON (row_to_json), one per line
 *   files/<2 chars>/<key>     the uploaded files, as in DATA_DIR/files
 *   manifest.json             what the archive holds (tables, columns, row and file counts)
 * Rows travel as JSON through plain SQL, so the same code backs up and restores the embedded
 * database and PostgreSQL (either way round) without pg_dump.
 */
const BACKUP_FORMAT = 'ictacem-backup';
const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const DATABASE_DIR = 'database';
const FILES_DIR = 'files';
const FETCH_ROWS = 1000;
const INSERT_ROWS = 500;
/** Files deleted between the snapshot and their copy make the snapshot inconsistent: take a new one. */
const MAX_SNAPSHOT_ATTEMPTS = 5;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  source: 'pglite' | 'postgres';
  tables: { name: string; columns: string[]; rows: number }[];
  files: { count: number; bytes: number };
  /** Files the database referred to that were not on disk when the backup was taken. */
  missingFiles: string[];
}

export interface BackupSource {
  db: Db;
  kind: 'pglite' | 'postgres';
  store: FileStore;
  /** Scratch space; on the same filesystem as a local store, so its files are hard-linked, not copied. */
  workDir: string;
}

/**
 * Derived bookkeeping, neither backed up nor restored: cache_versions is kept by triggers, and
 * the restore's own writes raise it; rate_limit_hits holds counters that end within the hour.
 */
const DERIVED_TABLES = ['cache_versions', 'rate_limit_hits'];

async function publicTables(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name).filter((name) => !DERIVED_TABLES.includes(name));
}

/** Moves every column sequence past the restored values, so new rows keep counting upwards. */
async function advanceSequences(tx: DbOrTx): Promise<void> {
  const serials = await rowsOf<{ table: string; column: string }>(
    tx,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { table, column } of serials) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}

/** The stored columns: generated ones (the search folds) are computed again when rows load. */
async function columnsOf(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

/** Writes one table's rows as JSON lines through a cursor, so no table is held in memory whole. */
async function dumpTable(tx: DbOrTx, table: string, file: string): Promise<number> {
  const out = await open(file, 'w');
  let rows = 0;
  try {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as line from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const batch = await rowsOf<{ line: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
      if (batch.length === 0) break;
      await out.write(batch.map((r) => `${r.line}\n`).join(''));
      rows += batch.length;
    }
    await tx.execute(sql`close backup_rows`);
  } finally {
    await out.close();
  }
  return rows;
}

type Snapshot = { manifest: BackupManifest } | { retry: string };

async function stageSnapshot(source: BackupSource, staging: string): Promise<Snapshot> {
  await mkdir(path.join(staging, DATABASE_DIR), { recursive: true });
  // Present even when no file is referenced: the archive always has both parts.
  await mkdir(path.join(staging, FILES_DIR), { recursive: true });
  const { tables, files } = await source.db.transaction(
    async (tx) => {
      const dumped: BackupManifest['tables'] = [];
      for (const name of await publicTables(tx)) {
        const columns = await columnsOf(tx, name);
        dumped.push({
          name,
          columns,
          rows: await dumpTable(tx, name, path.join(staging, DATABASE_DIR, `${name}.ndjson`)),
        });
      }
      const referenced = await tx
        .select({ storageKey: storedFiles.storageKey, sizeBytes: storedFiles.sizeBytes })
        .from(storedFiles);
      return { tables: dumped, files: referenced };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  // Files never change once stored, so copying them after the snapshot is safe, unless one was
  // deleted meanwhile (an admin removed a file): then the snapshot is taken again.
  const missingFiles: string[] = [];
  let bytes = 0;
  for (const file of files) {
    try {
      await source.store.copyToFile(file.storageKey, storedFilePath(path.join(staging, FILES_DIR), file.storageKey));
      bytes += file.sizeBytes;
    } catch (error) {
      if (!(error instanceof StoredFileMissingError)) throw error;
      const [stillThere] = await source.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.storageKey, file.storageKey));
      if (!stillThere) return { retry: file.storageKey };
      missingFiles.push(file.storageKey);
    }
  }
  return {
    manifest: {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      source: source.kind,
      tables,
      files: { count: files.length - missingFiles.length, bytes },
      missingFiles,
    },
  };
}

const SCRATCH_PREFIXES = ['.backup-', '.restore-'];

/**
 * Deletes the scratch directories of backups and restores that were killed mid-way. Call only
 * while holding DATA_DIR; with `olderThanMs` only those untouched for that long, since a backup
 * beside a running PostgreSQL server may be working in its own.
 */
export async function removeStaleScratch(dataDir: string, olderThanMs = 0): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    if (!SCRATCH_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const dir = path.join(dataDir, name);
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory() || Date.now() - info.mtimeMs < olderThanMs) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Streams a backup archive into `destination` and ends it. Safe while the server runs and
 * uploads are in flight: the archive holds one database snapshot and exactly the files it
 * refers to. Nothing is written to the destination before the snapshot is complete.
 */
export async function streamBackup(source: BackupSource, destination: Writable): Promise<BackupManifest> {
  await mkdir(source.workDir, { recursive: true });
  for (let attempt = 1; ; attempt += 1) {
    const staging = await mkdtemp(path.join(source.workDir, SCRATCH_PREFIXES[0]!));
    try {
      const snapshot = await stageSnapshot(source, staging);
      if ('retry' in snapshot) {
        if (attempt >= MAX_SNAPSHOT_ATTEMPTS)
          throw new Error(`Files kept being deleted during the backup (last: ${snapshot.retry}); try again.`);
        continue;
      }
      await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(snapshot.manifest, null, 2)}\n`);
      await new Promise<void>((resolve, reject) => {
        const pack = tar().c({ gzip: true, cwd: staging, portable: true }, [DATABASE_DIR, FILES_DIR, MANIFEST]);
        pack.on('error', (error: unknown) => {
          destination.destroy();
          reject(error);
        });
        destination.on('error', reject);
        destination.on('finish', resolve);
        pack.pipe(destination);
      });
      return snapshot.manifest;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
}

/**
 * Lets `write` fill `<outFile>.partial` and renames it to `outFile` only when `write` succeeds,
 * so a backup that failed never looks like one.
 */
export async function writeThroughPartial<T>(outFile: string, write: (partialPath: string) => Promise<T>): Promise<T> {
  const partial = `${outFile}.partial`;
  try {
    const result = await write(partial);
    await rename(partial, outFile);
    return result;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Writes a backup archive to `outFile`. */
export async function writeBackup(source: BackupSource, outFile: string): Promise<BackupManifest> {
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  return writeThroughPartial(outFile, (partial) => streamBackup(source, createWriteStream(partial)));
}

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

function parseManifest(text: string | undefined): BackupManifest {
  if (!text) throw new RestoreRefusedError('The archive has no manifest.json: it is not a backup of this site.');
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_FORMAT_VERSION) {
    throw new RestoreRefusedError(`Unknown backup format ${manifest.format} ${manifest.version}.`);
  }
  return manifest;
}

/** Reads the manifest of a complete archive; throws when the archive is damaged or truncated. */
export function readBackupManifest(archive: string): BackupManifest {
  let manifest = '';
  try {
    tar().t({
      sync: true,
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path === MANIFEST) entry.on('data', (chunk: Buffer) => (manifest += chunk.toString('utf8')));
        else entry.resume();
      },
    });
  } catch (error) {
    throw new RestoreRefusedError(`The archive is damaged or incomplete (${(error as Error).message}).`);
  }
  return parseManifest(manifest);
}

const ALLOWED_ENTRY = new RegExp(
  `^(${MANIFEST.replace('.', '\\.')}|${DATABASE_DIR}/([a-z0-9_]+\\.ndjson)?|${FILES_DIR}/([0-9a-f]{2}/([0-9a-f-]{36})?)?)$`,
);

/**
 * Unpacks plain files and directories at the names a backup uses, and lists anything else.
 * Synchronous: on a damaged archive the asynchronous extraction rejects while its writes still
 * run, and the scratch directory could not be cleaned up reliably.
 */
function unpack(archive: string, into: string): { refused: string[] } {
  const refused: string[] = [];
  tar().x({
    sync: true,
    file: archive,
    cwd: into,
    strict: true,
    filter: (entryPath, entry) => {
      const name = entryPath.replace(/\/$/, '').replace(/^\.\//, '');
      const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
      const ok =
        (type === 'File' || type === 'Directory') && ALLOWED_ENTRY.test(type === 'Directory' ? `${name}/` : name);
      if (!ok) refused.push(entryPath);
      return ok;
    },
  });
  return { refused };
}

/** Unpacks a backup into a scratch directory and reads its manifest, refusing anything else. */
async function extractBackup(archive: string, into: string): Promise<BackupManifest> {
  let refused: string[];
  try {
    ({ refused } = unpack(archive, into));
  } catch (error) {
    throw new RestoreRefusedError(`The archive is damaged or incomplete (${(error as Error).message}).`);
  }
  if (refused.length > 0)
    throw new RestoreRefusedError(`Not a backup of this site: unexpected entries ${refused.slice(0, 5).join(', ')}`);
  return parseManifest(await readFile(path.join(into, MANIFEST), 'utf8').catch(() => undefined));
}

/** Parents before children, from the target's foreign keys, so rows load without deferring checks. */
async function tablesInLoadOrder(db: DbOrTx, tables: string[]): Promise<string[]> {
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size > 0) {
    const ready = [...pending].filter(
      (t) => !edges.some((e) => e.child === t && e.parent !== t && pending.has(e.parent)),
    );
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among ${[...pending].join(', ')}`);
    for (const t of ready.sort()) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  return ordered;
}

async function loadTable(tx: DbOrTx, table: string, columns: string[], file: string): Promise<number> {
  const columnList = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const insert = (lines: string[]) =>
    tx.execute(
      sql`insert into ${sql.identifier(table)} (${columnList}) select ${columnList} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${lines.join(',')}]`}::json)`,
    );
  let batch: string[] = [];
  let rows = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) {
      await insert(batch);
      rows += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  return rows + batch.length;
}

/** True when no table of the target holds a row. */
async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  for (const table of await publicTables(db)) {
    const [row] = await rowsOf<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(table)}) as any`,
    );
    if (row?.any) return false;
  }
  return true;
}

/**
 * Loads the extracted database rows in one transaction: all or nothing. `replace` first empties
 * every table. Columns added by later migrations take their defaults; a backup with a column the
 * target lacks (made by a newer version of the site) is refused.
 */
async function loadDatabase(
  db: Db,
  extracted: string,
  manifest: BackupManifest,
  options: { replace: boolean },
): Promise<void> {
  const targetTables = await publicTables(db);
  for (const table of manifest.tables) {
    if (!targetTables.includes(table.name))
      throw new RestoreRefusedError(`The backup has a table "${table.name}" this version of the site does not know.`);
    const targetColumns = await columnsOf(db, table.name);
    const unknown = table.columns.filter((c) => !targetColumns.includes(c));
    if (unknown.length > 0)
      throw new RestoreRefusedError(
        `The backup's table "${table.name}" has columns this version does not know: ${unknown.join(', ')}.`,
      );
  }
  const byName = new Map(manifest.tables.map((t) => [t.name, t]));
  await db.transaction(async (tx) => {
    if (options.replace && targetTables.length > 0) {
      await tx.execute(
        sql`truncate table ${sql.join(
          targetTables.map((t) => sql.identifier(t)),
          sql`, `,
        )}`,
      );
    }
    for (const name of await tablesInLoadOrder(tx, [...byName.keys()])) {
      const table = byName.get(name)!;
      const loaded = await loadTable(tx, name, table.columns, path.join(extracted, DATABASE_DIR, `${name}.ndjson`));
      if (loaded !== table.rows)
        throw new RestoreRefusedError(`Table "${name}": ${loaded} rows in the archive, ${table.rows} expected.`);
    }
    await advanceSequences(tx);
  });
  await vacuumAfterBulkLoad(db);
}

/** Uploaded files in a files directory (temporary leftovers do not count). */
async function hasStoredFiles(filesDir: string): Promise<boolean> {
  const entries = await readdir(filesDir).catch(() => [] as string[]);
  for (const prefix of entries.filter((e) => e !== TMP_DIR_NAME)) {
    const inside = await readdir(path.join(filesDir, prefix)).catch(() => [] as string[]);
    if (inside.length > 0) return true;
  }
  return false;
}

/** Puts the extracted files in place of an empty (or moved-aside) files directory. */
async function installLocalFiles(extracted: string, filesDir: string): Promise<void> {
  await rm(filesDir, { recursive: true, force: true });
  const from = path.join(extracted, FILES_DIR);
  if ((await stat(from).catch(() => null))?.isDirectory()) {
    await rename(from, filesDir);
  } else {
    await mkdir(filesDir, { recursive: true });
  }
}

/** The extracted files as `<files>/<2 chars>/<key>`. */
async function extractedFiles(extracted: string): Promise<{ key: string; file: string }[]> {
  const root = path.join(extracted, FILES_DIR);
  const found: { key: string; file: string }[] = [];
  for (const prefix of await readdir(root).catch(() => [] as string[])) {
    for (const key of await readdir(path.join(root, prefix))) {
      if (STORAGE_KEY_PATTERN.test(key)) found.push({ key, file: path.join(root, prefix, key) });
    }
  }
  return found;
}

/**
 * Copies the extracted files into a bucket. Keys are never reused, so a file already there
 * under the same key is the same file; what the bucket held before stays (files of the
 * replaced data become orphans, which `npm run check:integrity -- --remove-orphans` deletes).
 */
async function uploadFiles(extracted: string, store: FileStore): Promise<void> {
  for (const { key, file } of await extractedFiles(extracted)) {
    await store.putAt(key, createReadStream(file));
  }
}

async function storeIsEmpty(store: FileStore): Promise<boolean> {
  const first = await store.list()[Symbol.asyncIterator]().next();
  return first.done === true;
}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  /** Restore into this PostgreSQL database; without it into the embedded database in dataDir. */
  databaseUrl?: string;
  /** Where the files go: DATA_DIR/files or a bucket, as the server is configured. */
  fileStore: FileStoreConfig;
  /** Replace what the target holds; its files (and embedded database) are moved aside, not deleted. */
  force: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The restored data checked like `npm run check:integrity`. */
  integrity: IntegrityReport;
  /** Where the replaced files and embedded database went (with force). */
  movedAside: string[];
}

async function hasEntries(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [] as string[])).length > 0;
}

/**
 * Restores a backup into a data directory (and the embedded database there, or the PostgreSQL
 * database named), refusing one that already holds data unless forced. Holds DATA_DIR
 * throughout, so it refuses to run while a server uses it. A failed restore puts anything it
 * moved aside back.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  // PostgreSQL: no server may be running on the database (they would keep serving what is replaced).
  const servers = options.databaseUrl ? await excludeServers(options.databaseUrl) : undefined;
  let lock: DataDirLock | undefined;
  let store: FileStore | undefined;
  let staging: string | undefined;
  try {
    lock = await lockDataDir(dataDir);
    store = await openFileStore({ fileStore: options.fileStore, dataDir });
    staging = await mkdtemp(path.join(dataDir, SCRATCH_PREFIXES[1]!));
    return await restoreInto(options, dataDir, store, staging);
  } finally {
    try {
      store?.close();
      if (staging) await rm(staging, { recursive: true, force: true });
    } finally {
      await lock?.release();
      await servers?.release();
    }
  }
}

async function restoreInto(
  options: RestoreOptions,
  dataDir: string,
  store: FileStore,
  staging: string,
): Promise<RestoreResult> {
  const filesDir = filesDirOf(dataDir);
  const pgliteDir = path.join(dataDir, 'pglite');
  const inBucket = options.fileStore.kind === 's3';
  const movedAside: { from: string; to: string }[] = [];
  let database: Database | undefined;
  try {
    const manifest = await extractBackup(options.archive, staging);
    if (inBucket) {
      await store.verify();
      if (!options.force && !(await storeIsEmpty(store)))
        throw new RestoreRefusedError(
          `${store.location} already holds files: restore into an empty bucket, or pass --force to add the backup's files beside them.`,
        );
    }
    const targets = [...(inBucket ? [] : [filesDir]), ...(options.databaseUrl ? [] : [pgliteDir])];
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    for (const dir of targets) {
      const occupied = dir === filesDir ? await hasStoredFiles(dir) : await hasEntries(dir);
      if (!occupied) continue;
      if (!options.force)
        throw new RestoreRefusedError(
          `${dir} is not empty: restore into an empty data directory, or pass --force to replace it (it is moved aside, not deleted).`,
        );
      const to = `${dir}.before-restore-${stamp}`;
      await rename(dir, to);
      movedAside.push({ from: dir, to });
    }
    database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir, claimDataDir: false });
    if (options.databaseUrl && !options.force && !(await isDatabaseEmpty(database.db))) {
      throw new RestoreRefusedError(
        'The database already holds data: restore into an empty database, or pass --force to replace its contents.',
      );
    }
    // Files first: a restore that fails while uploading them leaves the database as it was.
    if (inBucket) await uploadFiles(staging, store);
    await loadDatabase(database.db, staging, manifest, { replace: options.force });
    if (!inBucket) await installLocalFiles(staging, filesDir);
    const integrity = await checkIntegrity({ db: database.db, store, exclusive: true });
    return { manifest, integrity, movedAside: movedAside.map((m) => m.to) };
  } catch (error) {
    await database?.close();
    database = undefined;
    for (const { from, to } of movedAside.reverse()) {
      await rm(from, { recursive: true, force: true });
      await rename(to, from);
    }
    throw error;
  } finally {
    await database?.close();
  }
}
