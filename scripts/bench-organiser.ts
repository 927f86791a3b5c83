// Measures the organiser's bulk tools beside a bare baseline in the same run:
//   npm run bench:organiser                      (1,000 papers, embedded database)
//   npm run bench:organiser -- --papers 2000 --db postgres   (PostgreSQL from DATABASE_URL; a new database)
// Bulk status change: every paper through the real route, in the client's batches of 100 (state
// machine, timeline entry, notification and e-mail queued for a real local SMTP server), against
// the least a correct change must do: per paper, one transaction that locks the row, updates
// its status and writes one timeline row.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { BULK_BATCH_SIZE } from '@shared/domain/bulk-actions.ts';
import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config.ts';
import { auditLog, mailOutbox, papers } from '@server/db/schema/index.ts';
import { startTestSmtpServer } from '@server/test/smtp.ts';
import { benchAdmin } from './bench-admin.ts';
import { seedDemo } from './seed-demo.ts';

const { values } = parseArgs({
  options: { papers: { type: 'string', default: '1000' }, db: { type: 'string', default: 'embedded' } },
});
const size = Number(values.papers);
if (values.db !== 'embedded' && values.db !== 'postgres') throw new Error('--db is embedded or postgres');
const databaseUrl = values.db === 'postgres' ? process.env.DATABASE_URL : undefined;
if (values.db === 'postgres' && !databaseUrl) throw new Error('--db postgres reads the database from DATABASE_URL');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-organiser-'));
const smtp = await startTestSmtpServer();
const app = await buildApp({
  ...loadConfig({}),
  dataDir,
  databaseUrl,
  logLevel: 'warn',
  port: 0,
  smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
});
const { db } = app.ctx;
try {
  const [{ n: existing } = { n: 0 }] = await db.select({ n: count() }).from(papers);
  if (existing > 0) throw new Error('The bench needs an empty database: it changes every paper twice.');
  console.error(`Seeding ${size * 2} authors and papers...`);
  await seedDemo(db, dataDir, { users: size * 2, papers: size * 2 });
  const ids = (await db.select({ id: papers.id }).from(papers).orderBy(papers.id)).map((row) => row.id);
  const [baselineIds, bulkIds] = [ids.slice(0, size), ids.slice(size, size * 2)];

  const admin = await benchAdmin(app.ctx);
  const { cookie } = admin;

  let started = performance.now();
  for (const id of baselineIds) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from papers where id = ${id} for update`);
      await tx.update(papers).set({ status: 'declined', review: 'Bare' }).where(eq(papers.id, id));
      await tx
        .insert(auditLog)
        .values({ actorId: admin.id, action: 'status_change', paperId: id, newStatus: 'declined' });
    });
  }
  const bareMs = performance.now() - started;

  const mailBefore = (await db.select({ n: count() }).from(mailOutbox))[0]!.n;
  started = performance.now();
  const batchMs: number[] = [];
  let changed = 0;
  for (let start = 0; start < bulkIds.length; start += BULK_BATCH_SIZE) {
    const batchStarted = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/ictacem2025/api/admin/papers/bulk/status',
      headers: { cookie },
      payload: {
        paperIds: bulkIds.slice(start, start + BULK_BATCH_SIZE),
        status: 'declined',
        review: 'Dear {name}, thank you for "{title}" ({paperId}).',
      },
    });
    if (res.statusCode !== 200) throw new Error(`bulk status: ${res.statusCode} ${res.body}`);
    changed += res.json().changed.length;
    batchMs.push(performance.now() - batchStarted);
  }
  const oursMs = performance.now() - started;
  const mailQueued = (await db.select({ n: count() }).from(mailOutbox))[0]!.n - mailBefore;

  const sorted = [...batchMs].sort((a, b) => a - b);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`Bulk status change of ${size} papers (${values.db} database, batches of ${BULK_BATCH_SIZE}):`);
  console.log(`  bare (lock, update, one timeline row per paper): ${seconds(bareMs)}`);
  console.log(
    `  ours (the route: state machine, timeline, notification, e-mail): ${seconds(oursMs)}, ` +
      `${changed} changed, ${mailQueued} e-mails queued, batch p50 ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, ` +
      `max ${Math.round(sorted.at(-1)!)} ms; ${(oursMs / bareMs).toFixed(1)}x the bare`,
  );
  if (changed !== size) process.exitCode = 1;
} finally {
  await app.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}
