import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { papers } from '../db/schema/index.ts';
import { excludeServers, ServersRunningError } from '../db/server-presence.ts';
import { createTestPaper, createTestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { restoreBackup, writeBackup } from './backup.ts';
import { openForMaintenance } from './open-for-maintenance.ts';

const LOCAL = { kind: 'local' } as const;

// Only PostgreSQL can have servers beside a restore: the embedded database has one process.
describe.skipIf(!process.env.DATABASE_URL)('a restore while servers run on the database', () => {
  let t: TestApp;
  let archive: string;
  const work: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-restore-serving-'));
    work.push(dir);
    return dir;
  };

  beforeAll(async () => {
    t = await createTestApp();
    archive = path.join(await tempDir(), 'backup.tar.gz');
    await writeBackup(
      { db: t.app.ctx.db, kind: 'postgres', store: t.app.ctx.store, workDir: t.config.dataDir },
      archive,
    );
  });
  afterAll(async () => {
    await t?.close();
    for (const dir of work) await rm(dir, { recursive: true, force: true });
  });

  it('is refused while a server runs, and nothing made since the backup is lost', async () => {
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author);
    const restore = restoreBackup({
      archive,
      dataDir: await tempDir(),
      databaseUrl: t.config.databaseUrl,
      fileStore: LOCAL,
      force: true,
    });
    await expect(restore).rejects.toThrow(ServersRunningError);
    await expect(restore).rejects.toThrow('1 server process(es) are running on this database');
    const own = await t.app.inject({
      method: 'GET',
      url: `${API}/papers/${paper._id}`,
      headers: { cookie: author.cookie },
    });
    expect(own.statusCode).toBe(200);

    // A maintenance command beside the server knows it is not alone (recent uploads are spared).
    const session = await openForMaintenance(t.config);
    expect(session.exclusive).toBe(false);
    await session.close();
  });

  it('keeps a server from starting until it is over, then goes ahead once every server has stopped', async () => {
    await t.app.close();
    const held = await excludeServers(t.config.databaseUrl!);
    let started = false;
    const starting = buildApp(t.config).then((app) => {
      started = true;
      return app;
    });
    await sleep(1500);
    expect(started).toBe(false);
    await held.release();
    const app = await starting;
    expect((await app.inject({ method: 'GET', url: `${API}/health/ready` })).statusCode).toBe(200);
    await app.close();

    const result = await restoreBackup({
      archive,
      dataDir: await tempDir(),
      databaseUrl: t.config.databaseUrl,
      fileStore: LOCAL,
      force: true,
    });
    expect(result.integrity.problems).toEqual([]);
    const session = await openForMaintenance(t.config);
    try {
      expect(session.exclusive).toBe(true);
      // The database is the backup's again: the paper made after it is gone, as asked.
      expect(await session.db.select().from(papers)).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
