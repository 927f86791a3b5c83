import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedded, makeEmbeddedTemplate, seedFromTemplate } from './embedded-settings.ts';

describe('embedded database template and settings', () => {
  let scratch: string;
  let template: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ictacem-embedded-template-'));
    template = path.join(scratch, 'template');
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('makes a template once per PGlite, and a new data directory copied from it opens with the small buffer pool', async () => {
    expect(await makeEmbeddedTemplate(template)).toBe(true);
    expect(await makeEmbeddedTemplate(template)).toBe(false);

    const dataDir = path.join(scratch, 'data');
    expect(await seedFromTemplate(dataDir, template)).toBe(true);
    // A directory that holds a database already is never overwritten.
    expect(await seedFromTemplate(dataDir, template)).toBe(false);

    const client = await createEmbedded(dataDir);
    try {
      await client.exec('create table t (n int); insert into t values (1)');
      expect((await client.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 1 }]);
      expect((await client.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers).toBe(
        '16MB',
      );
    } finally {
      await client.close();
    }
    // The template itself is untouched by what the copy holds.
    const again = path.join(scratch, 'again');
    expect(await seedFromTemplate(again, template)).toBe(true);
    const fresh = await createEmbedded(again);
    try {
      const tables = await fresh.query("select 1 from pg_tables where tablename = 't'");
      expect(tables.rows).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('ignores a template made by another PGlite: the open runs initdb instead', async () => {
    const stampFile = path.join(template, 'template.json');
    const stamp = JSON.parse(await readFile(stampFile, 'utf8')) as { pglite: string };
    await writeFile(stampFile, JSON.stringify({ ...stamp, pglite: '0.0.1' }));
    expect(await seedFromTemplate(path.join(scratch, 'other'), template)).toBe(false);
    expect(await seedFromTemplate(path.join(scratch, 'missing'), path.join(scratch, 'no-template'))).toBe(false);
  });
});
