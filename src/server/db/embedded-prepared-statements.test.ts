// @ci-embedded: .ci/run runs this file on the embedded database as well as on PostgreSQL.
// The embedded database's prepared statements.
import os from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { PREPARED_STATEMENTS, withPreparedStatements } from './embedded-prepared-statements.ts';
import { literalChoice, literalNumber, literalRows } from './literal-values.ts';
import { papers } from './schema/index.ts';

// The PostgreSQL run has no embedded database to test.
describe.skipIf(Boolean(process.env.DATABASE_URL))('prepared statements on the embedded database', () => {
  let database: Database;
  let client: PGlite;
  const kept = () => (client as unknown as Record<symbol, Map<string, unknown>>)[PREPARED_STATEMENTS]!;
  const preparedNames = async () =>
    (
      await client.query<{ name: string }>(
        "select name from pg_prepared_statements where name like 'ictacem\\_%' order by name",
      )
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    database = await openDatabase({ dataDir: os.tmpdir(), inMemory: true });
    client = (database.db as unknown as { $client: PGlite }).$client;
  });
  afterAll(() => database.close());

  it('prepares a text run a second time, and answers as the unprepared run did', async () => {
    const text = `select $1::uuid as id, $2::text as name, $3::int as n, $4::real as mean, $5::boolean as yes,
      $6::timestamptz as at, $7::jsonb as doc, $8::text[] as tags, $9::text as nothing`;
    const params = [
      '0f8fad5b-d9cb-469f-a165-70867728950e',
      'Ngô Bảo Châu, 北京大学, Лев Ландау, अनुराग, Łódź',
      42,
      3.5,
      true,
      new Date('2026-11-27T08:00:00.123Z'),
      { affiliation: '清华大学', marks: [7, 8] },
      ['मुंबई', 'Kraków'],
      null,
    ];
    // As Drizzle asks: rows as arrays, timestamps left as text.
    const asDrizzle = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
    const asArrays = `${text} -- as arrays`;
    const run = async () => ({
      objects: await client.query(text, params),
      arrays: await client.query(asArrays, params, asDrizzle),
    });
    const first = await run();
    expect([kept().has(text), kept().has(asArrays)]).toEqual([false, false]);
    const second = await run();
    expect([kept().has(text), kept().has(asArrays)]).toEqual([true, true]);
    const third = await run();
    for (const run of [second, third]) {
      expect(run.objects.rows).toEqual(first.objects.rows);
      expect(run.objects.fields).toEqual(first.objects.fields);
      expect(run.arrays.rows).toEqual(first.arrays.rows);
    }
    expect(first.objects.rows[0]).toMatchObject({ n: 42, at: params[5], tags: ['मुंबई', 'Kraków'], nothing: null });
    expect((first.arrays.rows[0] as unknown[])[5]).toMatch(/^2026-11-27 08:00:00\.123/);
  });

  it("gives a prepared statement's error as PGlite's own, and the next query runs", async () => {
    await client.exec('create table prepared_unique (id int primary key)');
    const insert = 'insert into prepared_unique (id) values ($1)';
    await client.query(insert, [1]);
    const failed = await client.query(insert, [1]).catch((error: unknown) => error);
    expect(kept().has(insert)).toBe(true);
    expect(failed).toMatchObject({ code: '23505', query: insert, params: [1] });
    expect((await client.query(insert, [2])).affectedRows).toBe(1);
    const count = 'select count(*)::int as n from prepared_unique';
    for (let i = 0; i < 3; i += 1) expect((await client.query(count)).rows).toEqual([{ n: 2 }]);
  });

  it("runs a statement again unprepared when its table's columns changed under it", async () => {
    await client.exec('create table prepared_columns (a int); insert into prepared_columns values (1)');
    const everything = 'select * from prepared_columns';
    await client.query(everything);
    await client.query(everything);
    expect(kept().has(everything)).toBe(true);
    await client.exec('alter table prepared_columns add column b text default $$Ярослав$$');
    expect((await client.query(everything)).rows).toEqual([{ a: 1, b: 'Ярослав' }]);
    expect(kept().has(everything)).toBe(false);
  });

  it('sees what transactions committed, and nothing of what they rolled back', async () => {
    await client.exec('create table prepared_rows (n int)');
    const count = 'select count(*)::int as n from prepared_rows';
    const counted = async () => (await client.query<{ n: number }>(count)).rows[0]!.n;
    expect([await counted(), await counted()]).toEqual([0, 0]);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_rows values (1)`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counted()).toBe(0);
    await database.db.transaction((tx) => tx.execute(sql`insert into prepared_rows values (2)`));
    expect(await counted()).toBe(1);
  });

  it("waits for another request's transaction to end instead of running inside it", async () => {
    const count = 'select count(*)::int as n from prepared_rows';
    const counted = async () => (await client.query<{ n: number }>(count)).rows[0]!.n;
    await counted();
    expect(kept().has(count)).toBe(true);
    let inserted!: () => void;
    let rollBack!: () => void;
    const insertedPromise = new Promise<void>((resolve) => (inserted = resolve));
    const rollBackPromise = new Promise<void>((resolve) => (rollBack = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_rows values (3)`);
      inserted();
      await rollBackPromise;
      throw new Error('rolled back');
    });
    await insertedPromise;
    let answered = false;
    const during = counted().then((n) => ((answered = true), n));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    rollBack();
    await expect(transaction).rejects.toThrow('rolled back');
    // Inside the transaction it would have counted the uncommitted row.
    expect(await during).toBe(1);
  });

  it('keeps the 200 most recently used statements and closes the others', async () => {
    const texts = Array.from({ length: 205 }, (_, i) => `select ${i}::int as n`);
    for (const text of texts) {
      await client.query(text);
      expect((await client.query(text)).rows).toEqual([{ n: Number(text.split(' ')[1]!.split(':')[0]) }]);
    }
    expect(kept().size).toBe(200);
    expect(kept().has(texts[0]!)).toBe(false);
    expect(kept().has(texts[204]!)).toBe(true);
    expect(await preparedNames()).toHaveLength(200);
  });

  it('keeps a generic plan for a page whose limit and offset are in its text, and plans parameter ones on every run', async () => {
    const page = (limit: number, offset: number) =>
      database.db.select({ id: papers.id }).from(papers).orderBy(desc(papers.submittedAt)).limit(limit).offset(offset);
    expect(page(literalRows(20), literalRows(40)).toSQL().sql).toMatch(/limit 20 offset 40$/);
    expect(page(20, 40).toSQL().sql).toMatch(/limit \$1 offset \$2$/);

    await client.exec(`create table prepared_pages (n int, at timestamptz);
      insert into prepared_pages select n, now() - n * interval '1 minute' from generate_series(1, 10000) n;
      create index on prepared_pages (at desc); analyze prepared_pages`);
    // A filter's values stay parameters, as the paper list's status and theme do.
    const literal = 'select n from prepared_pages where n > $1 order by at desc limit 20 offset 40';
    const parameter = 'select n from prepared_pages where n > $1 order by at desc limit $2 offset $3';
    for (let run = 0; run < 8; run += 1) {
      expect((await client.query(literal, [run])).rows).toHaveLength(20);
      expect((await client.query(parameter, [run, 20, 40])).rows).toHaveLength(20);
    }
    const plans = async (text: string) => {
      const { name } = kept().get(text) as { name: string };
      const { rows } = await client.query<{ generic_plans: number; custom_plans: number }>(
        'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = $1',
        [name],
      );
      return rows[0];
    };
    // Run 1 is unprepared; of the seven prepared runs, PostgreSQL plans the first five for their values.
    expect(await plans(literal)).toEqual({ generic_plans: 2, custom_plans: 5 });
    expect(await plans(parameter)).toEqual({ generic_plans: 0, custom_plans: 7 });
  });

  it('prepares once per PGlite, and answers a closed one as PGlite does', async () => {
    await expect(withPreparedStatements(client)).rejects.toThrow('prepares its statements already');
    const closing = await openDatabase({ dataDir: os.tmpdir(), inMemory: true });
    const closed = (closing.db as unknown as { $client: PGlite }).$client;
    await closed.query('select 1');
    await closed.query('select 1');
    await closing.close();
    await expect(closed.query('select 1')).rejects.toThrow(/closed/i);
  });

  it("plans a rare value written into the text for itself, where a parameter's generic plan walks every row", async () => {
    await client.exec(
      `create table prepared_kinds (n int, kind text, at timestamptz);
      insert into prepared_kinds select n, case when n % 2000 = 0 then 'rare' else 'common' end,
        now() - n * interval '1 minute' from generate_series(1, 10000) n;
      create index on prepared_kinds (kind); create index on prepared_kinds (at desc); analyze prepared_kinds`,
    );
    const byParameter = 'select n from prepared_kinds where kind = $1 order by at desc limit 20';
    for (let run = 0; run < 7; run += 1) await client.query(byParameter, ['common']);
    const { name } = kept().get(byParameter) as { name: string };
    const planOf = async (explain: string) =>
      ((await client.exec(explain)).at(-1)!.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
    // The generic plan kept after the common runs walks the whole order for the five rare rows.
    expect(await planOf(`explain execute ${name}('rare')`)).toMatch(
      /Index Scan( Backward)? using prepared_kinds_at_idx/,
    );
    const byText = (kind: 'common' | 'rare') =>
      database.db.execute(
        sql`select n from prepared_kinds where kind = ${literalChoice(kind, ['common', 'rare'])} order by at desc limit 20`,
      );
    for (let run = 0; run < 7; run += 1) await byText('common');
    expect(((await byText('rare')) as unknown as { rows: unknown[] }).rows).toHaveLength(5);
    expect(((await byText('rare')) as unknown as { rows: unknown[] }).rows).toHaveLength(5);
    const rareText = [...kept().keys()].find((text) => text.includes("kind = 'rare'"))!;
    const rare = kept().get(rareText) as { name: string };
    expect(await planOf(`explain execute ${rare.name}`)).toMatch(/prepared_kinds_kind_idx/);
  });

  it('writes into the text only whole rows, finite numbers and choices from the list', () => {
    for (const rows of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => literalRows(rows)).toThrow(RangeError);
    expect(() => literalNumber(Number.NaN)).toThrow(RangeError);
    expect(() => literalChoice('declined; drop table papers', ['declined'])).toThrow(RangeError);
    const render = (fragment: ReturnType<typeof sql>) => database.db.select({ x: fragment }).from(papers).toSQL().sql;
    expect(render(sql`${literalChoice("Lodz' Ł", ["Lodz' Ł"])}`)).toContain("'Lodz'' Ł'");
    expect(render(sql`${literalNumber(7.5)}`)).toContain('7.5');
  });
});
