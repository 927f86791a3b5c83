import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks.ts';
import { papers } from '../db/schema/index.ts';
import { excludeServers, ServersRunningError } from '../db/server-presence.ts';
import { SERVICE_UNAVAILABLE } from '../plugins/errors.ts';
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

  it('serves no API request while its presence is lost and being taken again, and then holds it once', async () => {
    const author = await createTestUser(t.app);
    const own = () => t.app.inject({ method: 'GET', url: `${API}/papers/user`, headers: { cookie: author.cookie } });
    const presences = async (client: pg.Client) =>
      Number(
        (
          await client.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database()
              and application_name = 'ictacem-server' and query like '%pg_advisory_lock_shared%'`,
          )
        ).rows[0]!.n,
      );
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      expect(await presences(other)).toBe(1);
      // The presence connection is cut (a PostgreSQL restart would do the same), and a maintenance
      // command takes the lock before the server can take it again.
      await other.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database()
          and application_name = 'ictacem-server' and query like '%pg_advisory_lock_shared%'`,
      );
      await other.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.servers]);
      await expect.poll(async () => (await own()).statusCode).toBe(503);
      expect((await own()).json()).toEqual({ success: false, message: SERVICE_UNAVAILABLE });
      expect((await t.app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `${API}/health/ready` })).statusCode).toBe(503);

      await other.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.servers]);
      await expect.poll(async () => (await own()).statusCode, { timeout: 10_000 }).toBe(200);
      // One presence again: no second attempt raced the first, and nothing was left open.
      await sleep(1500);
      expect(await presences(other)).toBe(1);
    } finally {
      await other.end();
    }
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
