// `npm run demo`: a demo conference to try every step today, on a throwaway data directory.
// Seeds a few authors and papers in various states (scripts/seed-demo.ts), then runs the compiled
// server as `npm start` does, with a calendar around today (src/server/ops/demo-environment.ts),
// sign-up open and no second factor for the admin. Ctrl-C stops it and removes the directory.
//   npm run demo                 (PORT=3100 npm run demo for another port)
//   npm run demo -- --conference examples/demo-conference    (another conference: its conference.yaml)
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { readConferenceFile } from '@server/conference-file.ts';
import { loadConfig } from '@server/config.ts';
import { openDatabase } from '@server/db/client.ts';
import { papers, users } from '@server/db/schema/index.ts';
import { demoCalendar, demoEnvironment } from '@server/ops/demo-environment.ts';
import { setConference } from '@shared/conference.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { CONFERENCE_DATE_INFO, CONFERENCE_DATE_KEYS, formatConferenceTime } from '@shared/domain/deadlines.ts';
import { DEMO_COUNTS, seedDemoConference } from './seed-demo.ts';

/** The seeded authors' password (seed-demo.ts). */
const AUTHOR_PASSWORD = 'demo-password';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'conference-demo-'));
const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
const admin = { email: 'admin@demo.example', password: `Demo-${randomBytes(9).toString('hex')}` };
const port = Number(process.env.PORT || 3000);
const now = new Date();
const { values: options } = parseArgs({ options: { conference: { type: 'string' } } });
// The conference folder's conference.yaml (its pages' texts in the folder's content/), served by
// the same build as any other conference, under its own base path.
const conferenceFile = options.conference
  ? path.resolve(options.conference, 'conference.yaml')
  : process.env.CONFERENCE_FILE;
// The demo's calendar is drawn in the conference's time zone: the conference first.
setConference(conferenceFile ? readConferenceFile(conferenceFile) : DEFAULT_CONFERENCE);
const calendar = demoCalendar(now);
const env = {
  ...demoEnvironment({ now, dataDir, port, admin }),
  ...(conferenceFile ? { CONFERENCE_FILE: conferenceFile } : {}),
};
const config = loadConfig({ ...process.env, ...env });

/** An author whose abstract was accepted, so the payment and full paper steps can be tried at once. */
async function seed(): Promise<{ email: string; status: string } | undefined> {
  const database = await openDatabase({ dataDir });
  try {
    await seedDemoConference(database.db, dataDir, calendar);
    const authors = await database.db
      .select({ email: users.email, status: papers.status })
      .from(papers)
      .innerJoin(users, eq(users.id, papers.userId))
      .orderBy(asc(users.email));
    return authors.find((a) => a.status === 'abstract_accepted') ?? authors[0];
  } finally {
    await database.close();
  }
}

let author: Awaited<ReturnType<typeof seed>>;
try {
  author = await seed();
} catch (error) {
  await removeDataDir();
  throw error;
}

const calendarLines = CONFERENCE_DATE_KEYS.map(
  (key) => `  ${CONFERENCE_DATE_INFO[key].title.padEnd(46)}${formatConferenceTime(config.conferenceDates[key]!)}`,
);
console.log(
  [
    '-'.repeat(72),
    `${config.conference.shortName} demo conference`,
    `  Data directory (removed on Ctrl-C): ${dataDir}`,
    `  Seeded: ${DEMO_COUNTS.users} authors, ${DEMO_COUNTS.papers} papers in various states`,
    `  Open:           http://localhost:${port}${config.basePath}/`,
    `  Admin:          ${admin.email}  password ${admin.password}  (no two-factor)`,
    author
      ? `  Author:         ${author.email}  password ${AUTHOR_PASSWORD}  (paper: ${author.status.replace(/_/g, ' ')})`
      : '',
    '  Sign-up is open: register a new author to submit an abstract.',
    '  Mail:           no mail server: nothing is sent; every e-mail (an invitation link too) is in the',
    `                  Outbox, in the admin area: http://localhost:${port}${config.basePath}/admin?section=outbox`,
    '  Dates:',
    ...calendarLines,
    '-'.repeat(72),
  ]
    .filter(Boolean)
    .join('\n'),
);

// The compiled server, as `npm start` runs it (built first only when the build is stale).
const server = spawn(process.execPath, [path.join(import.meta.dirname, 'start.mjs')], {
  env: { ...process.env, ...env },
  stdio: 'inherit',
});
let stopping = false;
// Ctrl-C reaches the server too (one process group): it is signalled only if it is still running
// a moment later (the signal was sent to this process alone), as a second signal ends it at once.
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => server.exitCode === null && server.kill(signal), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  void removeDataDir().then(() => {
    console.log(`Demo stopped; removed ${dataDir}.`);
    process.exit(stopping ? 0 : (code ?? 1));
  });
});
