import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../project-paths.ts';
import { createScratchDatabase, type ScratchDatabase, withClient } from './scratch-database.ts';

function appliedMigrations(url: string): Promise<number | 'none'> {
  return withClient(url, async (client) => {
    const table = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as name`);
    if (!table.rows[0].name) return 'none';
    return Number((await client.query('select count(*) as n from drizzle.__drizzle_migrations')).rows[0].n);
  });
}

async function migrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

describe.skipIf(!process.env.DATABASE_URL)('scratch databases on the PostgreSQL server', () => {
  const made: ScratchDatabase[] = [];
  const keep = (database: ScratchDatabase | undefined) => {
    made.push(database!);
    return database!;
  };
  afterEach(async () => {
    await Promise.all(made.splice(0).map((database) => database.drop()));
  });

  it('are empty by default, for the tests of start-up, and migrated when asked, each its own', async () => {
    const empty = keep(await createScratchDatabase());
    const first = keep(await createScratchDatabase({ migrated: true }));
    expect(await appliedMigrations(empty.url)).toBe('none');
    expect(await appliedMigrations(first.url)).toBe(await migrationCount());

    // A copy, not the template itself: what one test writes, the next copy does not hold.
    await withClient(first.url, (client) => client.query('delete from drizzle.__drizzle_migrations'));
    expect(await appliedMigrations(first.url)).toBe(0);
    const second = keep(await createScratchDatabase({ migrated: true }));
    expect(await appliedMigrations(second.url)).toBe(await migrationCount());
  });

  it('makes the template again when another run of other migrations dropped it', async () => {
    keep(await createScratchDatabase({ migrated: true }));
    // As another checkout's run would, on this server: its templates (not a build in progress)
    // go, this checkout's among them.
    await withClient(process.env.DATABASE_URL!, async (admin) => {
      const templates = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'ictacem_template_%' and right(datname, 9) <> '_building'`,
      );
      expect(templates.rows.length).toBeGreaterThan(0);
      for (const { datname } of templates.rows) await admin.query(`drop database ${datname}`);
    });

    const copy = keep(await createScratchDatabase({ migrated: true }));
    expect(await appliedMigrations(copy.url)).toBe(await migrationCount());
  });
});
