import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: embedded in memory by default, or a new database created
 * on the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-test-'));
  const server = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (server) {
    const name = `ictacem_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient(server, (client) => client.query(`create database ${name}`));
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => withAdminClient(server, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    basePath: '/ictacem2025',
    dataDir,
    databaseUrl,
    inMemoryDatabase: !databaseUrl,
    publicUrl: 'http://localhost:3000',
    mailFrom: 'ICTACEM 2025 <no-reply@ictacem.test>',
    registrationOpen: true,
    ipRateLimitFactor: 1,
    logLevel: 'silent',
    ...overrides,
  };
  const app = await buildApp(config);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

export const API = '/ictacem2025/api';

let sequence = 0;
export function uniqueEmail(prefix = 'author'): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}.${sequence}@example.org`;
}

/** Pulls the session cookie out of a response, ready to send back as a Cookie header. */
export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'ictacem_session');
  if (!cookie) throw new Error('response set no session cookie');
  return `ictacem_session=${cookie.value}`;
}
