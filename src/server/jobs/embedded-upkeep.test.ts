import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
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
});
