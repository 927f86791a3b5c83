import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from './files.ts';
import { users } from './users.ts';

/**
 * Long work (the Book of Abstracts) asked for by one request and done by whichever server
 * process claims it (FOR UPDATE SKIP LOCKED, like the mail outbox), with its progress and result.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** What the job was asked to do (e.g. which papers, which files), as its kind reads it. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** queued, running, done or failed. */
    status: text('status').notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The finished file, in the file store like every upload. */
    resultFileId: uuid('result_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** What the job has to say beside its file, e.g. the abstracts the book could not include. */
    report: jsonb('report').$type<Record<string, unknown>>(),
    error: text('error'),
    /** A running job whose process died is claimed again once this has passed. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One job of a kind at a time: a second request while one is queued or running is refused.
    uniqueIndex('background_jobs_one_active_per_kind_uq')
      .on(t.kind)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('background_jobs_kind_created_idx').on(t.kind, t.createdAt),
  ],
);
