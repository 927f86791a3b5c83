import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../project-paths.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

async function appliedMigrations(url: string): Promise<number | 'none'> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as name`);
    if (!table.rows[0].name) return 'none';
    return Number((await client.query('select count(*) as n from drizzle.__drizzle_migrations')).rows[0].n);
  } finally {
    await client.end();
  }
}

describe.skipIf(!process.env.DATABASE_URL)('scratch databases on the PostgreSQL server', () => {
  const made: ScratchDatabase[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((database) => database.drop()));
  });

  it('are empty by default, for the tests of start-up, and migrated when asked, each its own', async () => {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const [empty, first, second] = await Promise.all([
      createScratchDatabase(),
      createScratchDatabase({ migrated: true }),
      createScratchDatabase({ migrated: true }),
    ]);
    made.push(empty!, first!, second!);
    expect(await appliedMigrations(empty!.url)).toBe('none');
    expect(await appliedMigrations(first!.url)).toBe(journal.entries.length);
    expect(second!.url).not.toBe(first!.url);

    // A copy, not the template itself: what one test writes, the next copy does not hold.
    const client = new pg.Client({ connectionString: first!.url });
    await client.connect();
    await client.query('delete from drizzle.__drizzle_migrations');
    await client.end();
    expect(await appliedMigrations(first!.url)).toBe(0);
    const third = await createScratchDatabase({ migrated: true });
    made.push(third!);
    expect(await appliedMigrations(third!.url)).toBe(journal.entries.length);
  });

  it('makes the template again when another run of other migrations dropped it', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await createScratchDatabase({ migrated: true }).then((database) => made.push(database!));
      const templates = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'ictacem_template_%'`,
      );
      expect(templates.rows.length).toBeGreaterThan(0);
      for (const { datname } of templates.rows) await admin.query(`drop database ${datname}`);

      const copy = await createScratchDatabase({ migrated: true });
      made.push(copy!);
      expect(await appliedMigrations(copy!.url)).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
  });
});
