import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EMBEDDED_TEMPLATE_DIR, MIGRATIONS_DIR } from '../project-paths.ts';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { dataDirHolder, lockDataDir } from '../storage/data-dir-lock.ts';
import { ADVISORY_LOCK_KEYS } from './advisory-locks.ts';
import { hashMigrations } from './migrations-digest.ts';
import { createEmbedded, seedFromTemplate, templateStamp } from './embedded-settings.ts';
import { withPreparedStatements } from './embedded-prepared-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database only: its NOTIFYs, heard in this process (live/live-bus.ts). */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = MIGRATIONS_DIR;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** A pooled connection that dies while idle (server restart, admin command) is reported here. */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * The embedded database: claim DATA_DIR for this process until close (the default). False only
   * when this process already holds DATA_DIR (a restore that moves the old database aside
   * first). PostgreSQL never claims it: any number of servers share one database.
   */
  claimDataDir?: boolean;
  /** How the connections name themselves to PostgreSQL (pg_stat_activity), so servers can be told from tools. */
  applicationName?: string;
}

const TOOL_APPLICATION_NAME = 'ictacem-tool';

/**
 * How long a request waits for a PostgreSQL connection, and for one statement's answer, before
 * it fails (503) instead of hanging while the server or the network is down.
 */
export const DB_CONNECT_TIMEOUT_MS = 5000;
const DB_QUERY_TIMEOUT_MS = 30_000;

/** The extensions the migrations create (the search box's trigram indexes and accent folding). */
async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite, and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = !options.databaseUrl;
  const claim = embedded && !options.inMemory && options.claimDataDir !== false;
  if (embedded && !options.inMemory && !claim && (await dataDirHolder(options.dataDir))?.pid !== process.pid) {
    throw new Error('The embedded database can only be opened by the process that holds its data directory.');
  }
  const lock = claim ? await lockDataDir(options.dataDir) : undefined;
  try {
    const database = embedded ? await openPglite(options) : await openPostgres(options.databaseUrl!, options);
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

// Each driver is imported when it is opened: a server never loads the one it does not use.
async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    application_name: options.applicationName ?? TOOL_APPLICATION_NAME,
    max: 10,
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    // A statement whose answer never comes (a silent network) fails instead of holding the request.
    query_timeout: DB_QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // Without a listener an idle connection's error would crash the process; the pool replaces it.
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  try {
    // Several processes may start at once on one database: one migrates while the others wait
    // for it, then find nothing left to do (two at once collided creating the same tables).
    const holder = await pool.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.migrations]);
      await migrateNodePg(db as Parameters<typeof migrateNodePg>[0], { migrationsFolder });
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.migrations]).catch(() => undefined);
      holder.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * In-memory databases (the tests' apps, the API reference) start from an image of a cluster
 * initialised and migrated once, instead of running initdb and the migrations again (about a
 * second per app, and initdb is the embedded database's memory peak); loading it takes a third
 * of that. The image is kept in the system's temporary folder under a name made from the PGlite,
 * its settings and the migrations, so each test file's process (and the next run) reuses it and a
 * change to any of them makes a new one. Migrations still run on each copy and find nothing to do.
 */
let inMemoryImage: Promise<Blob> | undefined;
const IMAGE_PREFIX = 'ictacem-pglite-image-';

function migratedImage(extensions: Record<string, unknown>): Promise<Blob> {
  inMemoryImage ??= (async () => {
    const key = await hashMigrations(createHash('sha256').update(await templateStamp()));
    const file = path.join(os.tmpdir(), `${IMAGE_PREFIX}${key.digest('hex').slice(0, 16)}.tar`);
    const saved = await readFile(file).catch(() => undefined);
    if (saved) return new Blob([saved]);

    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await createEmbedded(undefined, extensions);
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      const image = await client.dumpDataDir('none');
      // Written whole under another name, then renamed: a process never reads half an image.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await image.arrayBuffer()));
      await rename(partial, file);
      for (const old of await readdir(os.tmpdir()))
        if (old.startsWith(IMAGE_PREFIX) && old.endsWith('.tar') && path.join(os.tmpdir(), old) !== file)
          await rm(path.join(os.tmpdir(), old), { force: true });
      return image;
    } finally {
      await client.close();
    }
  })();
  // A failed attempt is not remembered: the next app tries again.
  inMemoryImage.catch(() => (inMemoryImage = undefined));
  return inMemoryImage;
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
    await seedFromTemplate(dataDir, EMBEDDED_TEMPLATE_DIR);
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const extensions = await pgliteExtensions();
  const client = await withPreparedStatements(
    await createEmbedded(dataDir, extensions, options.inMemory ? await migratedImage(extensions) : undefined),
  );
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  try {
    await migratePglite(db as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/** The error and its causes: Drizzle wraps the driver's error. */
function* causesOf(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The Postgres error code for a unique-constraint violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (const cause of causesOf(error)) if (cause.code === '23505') return true;
  return false;
}

/** Text PostgreSQL cannot store (a NUL character): the input's fault, from either driver. */
export function isUnstorableText(error: unknown): boolean {
  for (const cause of causesOf(error)) if (cause.code === '22021') return true;
  return false;
}

/** Socket errors of the connection to PostgreSQL. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and its pool report these without a code. */
const LOST_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

/** One round trip: throws when the database cannot be reached. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * What VACUUM covers when given no table: every table of the database, the catalog's too, the
 * application's own first. Each as VACUUM accepts it ("public.papers").
 */
export async function vacuumableTables(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select c.oid::regclass::text as name from pg_class c
        where c.relkind in ('r', 'm') and c.relpersistence = 'p'
        order by c.relnamespace <> 'public'::regnamespace, c.oid`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/** Refreshes one table's planner statistics and reclaims its dead rows (the embedded database has no autovacuum). */
export async function vacuumAnalyze(db: Db, table: string): Promise<void> {
  // A name from the catalog (vacuumableTables), already quoted where it needs to be.
  await db.execute(sql`vacuum (analyze) ${sql.raw(table)}`);
}

/**
 * The database cannot be reached (down, restarting, unreachable, out of connections), as
 * opposed to a query that failed: the request may be retried later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causesOf(error)) {
    const code = typeof cause.code === 'string' ? cause.code : '';
    // SQLSTATE 08xxx: connection exception; 57P01-57P03: shutting down or starting; 53300: too many connections.
    if (NETWORK_ERROR_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code))
      return true;
    if (typeof cause.message === 'string' && LOST_CONNECTION_MESSAGE.test(cause.message)) return true;
  }
  return false;
}
