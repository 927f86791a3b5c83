// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// The in-memory images are the embedded database's own.
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../project-paths.ts';
import { openDatabase } from './client.ts';

const rowOf = async (result: Promise<unknown>) => ((await result) as { rows: unknown[] }).rows[0];

describe('in-memory databases from the migrated image', () => {
  // The PostgreSQL run has no embedded database to test.
  it.skipIf(Boolean(process.env.DATABASE_URL))('each starts fully migrated, and each is its own', async () => {
    const first = await openDatabase({ dataDir: os.tmpdir(), inMemory: true });
    const second = await openDatabase({ dataDir: os.tmpdir(), inMemory: true });
    try {
      const migrations = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).length;
      for (const database of [first, second]) {
        const applied = rowOf(database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
        expect(await applied).toEqual({ n: migrations });
      }
      await first.db.execute(sql`create table only_in_first (id int)`);
      expect(await rowOf(second.db.execute(sql`select to_regclass('only_in_first') as found`))).toEqual({
        found: null,
      });
      expect((await readdir(os.tmpdir())).some((name) => name.startsWith('ictacem-pglite-image-'))).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
