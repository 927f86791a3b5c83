import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { ListPlace } from './db/list-places.ts';
import type { SessionCache } from './lib/session-cache.ts';
import type { VersionedMemo, VersionedMemoMap } from './lib/versioned-memo.ts';
import type { DashboardStats, RecentSubmission, RecordsSummary } from '../shared/schemas/admin-dashboard.ts';
import type { MailOutbox } from './mail/mail-outbox.ts';
import type { FileStore } from './storage/file-store.ts';

/** What every service receives: the shared resources of one running app. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  /** The time every rule reads: config.now in tests, the system clock otherwise. */
  now(): Date;
  store: FileStore;
  /** Every mail the site writes; sent only with a mail server (`outbox.canSend`), kept `unsent` otherwise. */
  outbox: MailOutbox;
  log: FastifyBaseLogger;
  sessions: SessionCache;
  /** The dashboard's statistics, shared by every admin until the next write. */
  dashboardStats: VersionedMemo<{
    stats: DashboardStats;
    recentSubmissions: RecentSubmission[];
    recordsSummary: RecordsSummary;
  }>;
  /** The admin lists' totals, per filter and search, shared until the next write. */
  listTotals: VersionedMemoMap<number>;
  /** Places in the admin lists that deep pages start from, shared until the next write. */
  listPlaces: VersionedMemoMap<ListPlace | null>;
  /** Takes queued background jobs (jobs/job-runner.ts); kick() after queuing one. */
  jobs?: { kick(): void; start(): void; stop(): Promise<void> };
  /** On PostgreSQL: whether this server holds its presence lock (db/server-presence.ts) and may serve. */
  presence?: { readonly held: boolean };
}
