import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../project-paths.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestUser } from '../test/factories.ts';
import { EmbeddedDatabaseMaintenance } from './embedded-upkeep.ts';

describe('embedded database maintenance', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('gives the planner the real table sizes', async () => {
    t = await createTestApp();
    for (let i = 0; i < 3; i++) await createTestUser(t.app);
    const plannedUsers = async () => {
      // Both drivers answer raw SQL with { rows }.
      const result = (await t.app.ctx.db.execute(
        sql`select reltuples from pg_class where relname = 'users'`,
      )) as unknown as { rows: { reltuples: number }[] };
      return Number(result.rows[0]!.reltuples);
    };
    // -1: never analysed, the planner guesses.
    expect(await plannedUsers()).toBe(-1);

    const maintenance = new EmbeddedDatabaseMaintenance(t.app.ctx.db, t.app.log);
    await Promise.all([maintenance.run(), maintenance.run()]);
    await maintenance.stop();

    expect(await plannedUsers()).toBe(3);
  });

  it('starts once the server listens, and lets requests run between its tables', async () => {
    const lines: string[] = [];
    const vacuumed = () => lines.some((line) => line.includes('embedded database vacuumed and analysed'));
    // A lasting embedded database (the only kind with upkeep), whatever database the other tests use.
    const lasting = await createTestApp({
      databaseUrl: undefined,
      inMemoryDatabase: false,
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      expect(vacuumed()).toBe(false);
      // What the first requests need is done before listening: every migration applied.
      const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
        entries: { when: number }[];
      };
      const applied = (await lasting.app.ctx.db.execute(
        sql`select count(*)::int as count, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { count: number; latest: string }[] };
      expect(applied.rows[0]).toEqual({
        count: journal.entries.length,
        latest: String(journal.entries.at(-1)!.when),
      });
      const address = await lasting.app.listen({ port: 0, host: '127.0.0.1' });
      // Readiness asks the database: it answers between two tables of the VACUUM.
      const answer = await fetch(`${address}${API}/health/ready`);
      expect(answer.status).toBe(200);
      // Answered while the upkeep ran: the start no longer waits for it.
      expect(vacuumed()).toBe(false);
      await expect.poll(vacuumed, { timeout: 60_000 }).toBe(true);
    } finally {
      await lasting.close();
    }
    // A safety net, not a measurement: the test starts a lasting database of its own, and the upkeep
    // waits a while after listening; on a loaded 2-core host the two took 35 s.
  }, 120_000);
});
