import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { OPEN_DEADLINES } from './open-deadlines.ts';
import { startTestSmtpServer, type TestSmtpServer } from './smtp.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: embedded in memory by default, or a new database copied from
 * the migrated template on the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-test-'));
  const scratch = await createScratchDatabase({ migrated: true });
  const databaseUrl = scratch?.url;
  const conference = overrides.conference ?? DEFAULT_CONFERENCE;
  const config: AppConfig = {
    conference,
    port: 0,
    host: '127.0.0.1',
    basePath: conference.basePath,
    dataDir,
    databaseUrl,
    inMemoryDatabase: !databaseUrl,
    publicUrl: 'http://localhost:3000',
    mailFrom: `${conference.shortName} <no-reply@ictacem.test>`,
    registrationOpen: true,
    adminMfaRequired: true,
    reviewerMfaRequired: false,
    ipRateLimitFactor: 1,
    production: false,
    userStorageQuotaBytes: 100 * 1024 * 1024,
    minFreeDiskBytes: 0,
    logRequests: true,
    logLevel: 'silent',
    fileStore: { kind: 'local' },
    documents: loadConfig({}).documents,
    // Open for every author step, so tests of other rules need not think of the clock.
    conferenceDates: OPEN_DEADLINES,
    deadlineGraceMs: 0,
    ...overrides,
  };
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(config);
    await app.ready();
  } catch (error) {
    // A test of a start that fails leaves no connection, database or folder behind, and sees the
    // start's own error.
    await app?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    async close() {
      await app.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestAppWithMail extends TestApp {
  /** The real SMTP server the app sends its mail to; `smtp.inbox` holds what arrived. */
  smtp: TestSmtpServer;
}

/** A test app that sends its mail to a local SMTP server of its own. */
export async function createTestAppWithMail(
  overrides: Partial<AppConfig> = {},
  smtpOptions: Parameters<typeof startTestSmtpServer>[1] = {},
): Promise<TestAppWithMail> {
  const smtp = await startTestSmtpServer(0, smtpOptions);
  const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, ...overrides });
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
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
