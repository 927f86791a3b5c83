import { createHash, randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks.ts';
import { hashMigrations } from '../db/migrations-digest.ts';
import { MIGRATIONS_DIR } from '../project-paths.ts';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server named by DATABASE_URL (the suite's PostgreSQL run), or
 * undefined when the suite runs on the embedded database. Empty by default, for the tests of
 * start-up itself; `migrated` copies a template the migrations ran on once, as an app's first start
 * would leave it (the app's own migrations then find nothing to do): a copy takes a third of the
 * half second the migrations took, for each of the suite's hundred-odd apps.
 */
export async function createScratchDatabase({ migrated = false } = {}): Promise<ScratchDatabase | undefined> {
  const server = process.env.DATABASE_URL;
  if (!server) return undefined;
  const name = `ictacem_test_${randomBytes(6).toString('hex')}`;
  const create = async () => {
    const source = migrated ? await migratedTemplate(server) : undefined;
    await withClient(server, (client) =>
      client.query(source ? `create database ${name} template ${source}` : `create database ${name}`),
    );
  };
  try {
    await create();
  } catch (error) {
    // A run of other migrations on the same server (another checkout) replaced the template: make
    // it again, once. Two such runs at once still slow each other down, and may fail a test.
    if (!migrated || (error as { code?: string }).code !== UNDEFINED_DATABASE) throw error;
    template = undefined;
    await create();
  }
  return {
    url: databaseUrl(server, name),
    drop: async () => {
      await withClient(server, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const TEMPLATE_PREFIX = 'ictacem_template_';
const BUILDING_SUFFIX = '_building';
/** PostgreSQL's SQLSTATEs: a database that does not exist; one another session is using. */
const UNDEFINED_DATABASE = '3D000';
const OBJECT_IN_USE = '55006';
let template: Promise<string> | undefined;

/**
 * The template's name comes from the migrations' files, so every test worker (and the next run)
 * shares it and a changed migration makes a new one; older templates are dropped then. Made under
 * an advisory lock taken in the server's `postgres` database, the one every run connects to
 * (advisory locks hold within one database, and each run has its own DATABASE_URL).
 */
function migratedTemplate(server: string): Promise<string> {
  template ??= (async () => {
    const key = await hashMigrations(createHash('sha256'));
    const name = `${TEMPLATE_PREFIX}${key.digest('hex').slice(0, 16)}`;
    await withClient(databaseUrl(server, 'postgres'), async (client) => {
      await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.testTemplate]);
      const existing = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`,
      );
      if (existing.rows.some((row) => row.datname === name)) return;
      // Older templates and a build a crashed run left (none is being built: this holds the lock).
      // A copy being made from one finishes first; one a session is connected to stays.
      for (const { datname } of existing.rows)
        await client.query(`drop database if exists ${datname}`).catch((error: { code?: string }) => {
          if (error.code !== OBJECT_IN_USE) throw error;
        });
      // Migrated under another name and renamed when done: a template is never copied half made.
      const building = `${name}${BUILDING_SUFFIX}`;
      await client.query(`create database ${building}`);
      const pool = new pg.Pool({ connectionString: databaseUrl(server, building), max: 1 });
      try {
        await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await pool.end();
      }
      await client.query(`alter database ${building} rename to ${name}`);
    });
    return name;
  })();
  // A failed attempt is not remembered: the next app tries again.
  template.catch(() => (template = undefined));
  return template;
}

function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One connection to the database at `url` for `run`, closed whatever it does. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
