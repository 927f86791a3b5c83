import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import {
  httpRequest,
  killServers,
  PROCESS_ADMIN,
  serverOnDatabaseEnv,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '../test/server-process.ts';

/**
 * Several processes of the site on one PostgreSQL database (each with its own data directory),
 * started at the same moment on an empty database: one migrates and seeds the admin while the
 * others wait (advisory locks), and a restart leaves the organisers signed in.
 */
describe.skipIf(!process.env.DATABASE_URL)('processes started together on one PostgreSQL database', () => {
  let database: ScratchDatabase;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const envs: NodeJS.ProcessEnv[] = [];

  beforeAll(async () => {
    database = (await createScratchDatabase())!;
    for (let i = 0; i < 3; i += 1) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `ictacem-together-${i}-`));
      dataDirs.push(dataDir);
      envs.push(await serverOnDatabaseEnv(database.url, dataDir));
    }
  });

  afterAll(async () => {
    await killServers(servers);
    await database?.drop();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'all start, one admin exists, a restart keeps its sessions and a logout ends them everywhere',
    { timeout: 120_000 },
    async () => {
      servers.push(...envs.map((env) => spawnServer(env, Number(env.PORT))));
      await Promise.all(servers.map((server) => waitUntilServing(server)));

      const login = await httpRequest(servers[0]!.baseUrl, 'POST', '/api/auth/login', { json: PROCESS_ADMIN });
      expect(login.status, login.body.toString()).toBe(200);
      const token = login.json<{ token: string }>().token;
      const signedIn = async (server: ServerProcess) =>
        (await httpRequest(server.baseUrl, 'GET', '/api/auth/session', { token })).json<{
          user: { email: string } | null;
        }>().user?.email;
      for (const server of servers) expect(await signedIn(server)).toBe(PROCESS_ADMIN.email);

      // A rolling restart of one process: the admin seeding finds the same password and changes nothing.
      servers[1]!.child.kill('SIGTERM');
      expect((await servers[1]!.exited).code).toBe(0);
      servers[1] = spawnServer(envs[1]!, Number(envs[1]!.PORT));
      await waitUntilServing(servers[1]);
      for (const server of servers) expect(await signedIn(server)).toBe(PROCESS_ADMIN.email);

      // Signed out through one process: refused by every other at once (no process keeps it cached).
      const logout = await httpRequest(servers[2]!.baseUrl, 'POST', '/api/auth/logout', { token });
      expect(logout.status, logout.body.toString()).toBe(200);
      for (const server of servers) expect(await signedIn(server)).toBeUndefined();
    },
  );
});
