// Measures "Assign automatically" through its routes on a seeded database, beside the bare work:
//   npm run bench:assignment-routes                          (3,000 papers, 300 members, 3 reviews, 20 % bids)
//   npm run bench:assignment-routes -- --papers 1000 --members 100 --db postgres   (DATABASE_URL, a new database)
// The plan route reads the committee, the papers, their authors, the bids and the assignments,
// finds every member's conflicts and solves the flow; its bare twin is the planner alone on the
// same problem. The apply route checks every pair under lock, inserts the reviews and their
// timeline steps and queues one e-mail per member; its bare twin inserts the same rows in one
// transaction with no check.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { themeLabels } from '@shared/conference.ts';
import type { AssignmentPlanView } from '@shared/schemas/assignment.ts';
import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config.ts';
import { committeeBids, committeeMembers, committeeReviews, mailOutbox, papers } from '@server/db/schema/index.ts';
import { loadAssignmentProblem } from '@server/modules/assignment/assignment.service.ts';
import { planAssignment } from '@server/modules/assignment/plan-assignment.ts';
import { startTestSmtpServer } from '@server/test/smtp.ts';
import { benchAdmin } from './bench-admin.ts';
import { seedDemo } from './seed-demo.ts';
import { seededRandom } from './seeded-random.ts';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '3000' },
    members: { type: 'string', default: '300' },
    reviews: { type: 'string', default: '3' },
    bids: { type: 'string', default: '0.2' },
    db: { type: 'string', default: 'embedded' },
  },
});
const paperCount = Number(values.papers);
const memberCount = Number(values.members);
const reviewsPerPaper = Number(values.reviews);
const databaseUrl = values.db === 'postgres' ? process.env.DATABASE_URL : undefined;
if (values.db === 'postgres' && !databaseUrl) throw new Error('--db postgres reads the database from DATABASE_URL');

const { random, pick } = seededRandom(7);
const AFFILIATIONS = ['IIT Bombay', 'Tsinghua University', 'Politechnika Warszawska', 'MIT', 'ETH Zürich'];

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-bench-assignment-'));
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
/** Samples the event loop every 10 ms until the returned function is called: the longest it stood still. */
function watchEventLoop(): () => Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 10);
    last = now;
  }, 10);
  // A stall that ends with the plan is noted at the next tick: wait for it.
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    clearInterval(timer);
    return longest;
  };
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
try {
  const [{ n: existing } = { n: 0 }] = await db.select({ n: count() }).from(papers);
  if (existing > 0) throw new Error('The bench needs an empty database.');
  console.error(`Seeding ${paperCount} papers and ${memberCount} members...`);
  await seedDemo(db, dataDir, { users: paperCount, papers: paperCount });
  await db.update(papers).set({ status: 'review_awaited' });
  const capacity = Math.ceil((paperCount * reviewsPerPaper) / memberCount) + 1;
  const members = await db
    .insert(committeeMembers)
    .values(
      Array.from({ length: memberCount }, (_, m) => ({
        name: `Member ${m}`,
        email: `member.${m}@bench.example`,
        affiliation: pick(AFFILIATIONS),
        themes: themeLabels()
          .filter(() => random() < 0.35)
          .concat(pick(themeLabels())),
        maxPapers: capacity,
        status: 'accepted' as const,
      })),
    )
    .returning({ id: committeeMembers.id });
  const paperIds = (await db.select({ id: papers.id }).from(papers)).map((row) => row.id);
  const bidRows: (typeof committeeBids.$inferInsert)[] = [];
  for (const member of members)
    for (const paperId of paperIds)
      if (random() < Number(values.bids))
        bidRows.push({ memberId: member.id, paperId, bid: pick(['eager', 'willing', 'not_my_area'] as const) });
  for (let start = 0; start < bidRows.length; start += 5000)
    await db.insert(committeeBids).values(bidRows.slice(start, start + 5000));
  if (databaseUrl) await db.execute(sql`analyze`);
  const admin = await benchAdmin(app.ctx);

  // How long the event loop stood still at a time while the plan was made: every other request waits that long.
  const stopWatching = watchEventLoop();
  let started = performance.now();
  const planned = await app.inject({
    method: 'POST',
    url: '/ictacem2025/api/admin/assignments/plan',
    headers: { cookie: admin.cookie },
    payload: { reviewsPerPaper, onlyFillMissing: true },
  });
  const planMs = performance.now() - started;
  const longestStallMs = await stopWatching();
  if (planned.statusCode !== 200) throw new Error(`plan: ${planned.statusCode} ${planned.body}`);
  const plan = planned.json().plan as AssignmentPlanView;

  // The solver alone, on the problem the route builds (read again: the route's reading is not timed here).
  const { problem } = await loadAssignmentProblem(app.ctx, { reviewsPerPaper, onlyFillMissing: true });
  started = performance.now();
  planAssignment(problem);
  const plannerMs = performance.now() - started;

  const mailBefore = (await db.select({ n: count() }).from(mailOutbox))[0]!.n;
  started = performance.now();
  const applied = await app.inject({
    method: 'POST',
    url: '/ictacem2025/api/admin/assignments/apply',
    headers: { cookie: admin.cookie },
    payload: { assignments: plan.assignments, reviewsPerPaper, onlyFillMissing: true },
  });
  const applyMs = performance.now() - started;
  if (applied.statusCode !== 200) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
  const mails = (await db.select({ n: count() }).from(mailOutbox))[0]!.n - mailBefore;

  // The bare twin: the same rows inserted again (into a fresh copy of the table's contents).
  await db.delete(committeeReviews);
  started = performance.now();
  await db.transaction(async (tx) => {
    const given = new Map<string, number>();
    const rows = plan.assignments.map((pair) => {
      const reviewerNumber = (given.get(pair.paperId) ?? 0) + 1;
      given.set(pair.paperId, reviewerNumber);
      return { ...pair, reviewerNumber, assignedBy: admin.id, automatic: true };
    });
    for (let start = 0; start < rows.length; start += 2000)
      await tx.insert(committeeReviews).values(rows.slice(start, start + 2000));
  });
  const bareApplyMs = performance.now() - started;

  console.log(
    `${paperCount} papers, ${memberCount} members (at most ${capacity} each), ${reviewsPerPaper} reviews per paper, ` +
      `${bidRows.length} bids; ${values.db} database; ${plan.assignments.length} reviews planned, ` +
      `${plan.papers.filter((paper) => paper.missing > 0).length} papers short`,
  );
  console.log('| step | ours (the route) | bare twin | ours / bare |');
  console.log('|---|---|---|---|');
  console.log(
    `| plan (reads, conflicts, solve, the view) | ${seconds(planMs)} | ${seconds(plannerMs)} (the solver alone) | ${(planMs / plannerMs).toFixed(2)}x |`,
  );
  console.log(
    `| apply (checks under lock, rows, timeline, ${mails} e-mails) | ${seconds(applyMs)} | ${seconds(bareApplyMs)} (the rows alone) | ${(applyMs / bareApplyMs).toFixed(2)}x |`,
  );
  console.log(`plan answer: ${(planned.rawPayload.length / 2 ** 20).toFixed(1)} MB`);
  console.log(`event loop during the plan: longest stall ${longestStallMs.toFixed(0)} ms`);
} finally {
  await app.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}
