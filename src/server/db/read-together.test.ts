import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/test-app.ts';
import { readTogether } from './read-together.ts';

describe('readTogether', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts every read at once on the database, and one after another in a transaction', async () => {
    const log: string[] = [];
    const read = (name: string) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${name}`);
      return name;
    };
    expect(await readTogether(t.app.ctx.db, [read('a'), read('b')])).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'start b', 'end a', 'end b']);

    log.length = 0;
    const inTransaction = await t.app.ctx.db.transaction((tx) => readTogether(tx, [read('c'), read('d')]));
    expect(inTransaction).toEqual(['c', 'd']);
    expect(log).toEqual(['start c', 'end c', 'start d', 'end d']);
  });
});
