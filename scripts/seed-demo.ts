// Fills a database with a realistic conference, for trying the admin area and for benchmarks:
//   npm run seed:demo -- --users 10000 --papers 10000
// Uses DATA_DIR (embedded database) or DATABASE_URL like the server. Demo authors sign in with
// the password "demo-password". Adds to what is there; run it on an empty data directory.
import { randomBytes, randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfig } from '@server/config.ts';
import { type Db, openDatabase } from '@server/db/client.ts';
import { vacuumAfterBulkLoad } from '@server/db/bulk-load-upkeep.ts';
import {
  auditLog,
  chatMessages,
  notifications,
  paperAuthors,
  papers,
  storedFiles,
  submissionVersions,
  users,
} from '@server/db/schema/index.ts';
import { hashPassword } from '@server/lib/passwords.ts';
import { newCustomUserId } from '@server/modules/users/users.service.ts';
import { createLocalFileStore } from '@server/storage/local-file-store.ts';
import { PAPER_STATUSES } from '@shared/constants.ts';
import { presentationModeLabels, setConference, themeLabels } from '@shared/conference.ts';
import type { ConferenceDates } from '@shared/domain/deadlines.ts';
import { type PaperAction, type PaperState, transition } from '@shared/domain/paper-workflow.ts';
import { type DemoPaper, demoPaperPdf } from './demo-paper-pdf.ts';

const REVIEW_TEXT = 'Thank you for the submission. Please see the comments.';

const FIRST = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Meera',
  'Arjun',
  'Kavya',
  'Sofia',
  'Lukas',
  'Chen',
  'Yuki',
  'Omar',
  'Fatima',
  'Elena',
  'Marco',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Banerjee',
  'Gupta',
  'Das',
  'Nair',
  'Rao',
  'Mukherjee',
  'Rossi',
  'Müller',
  'Wang',
  'Tanaka',
  'Haddad',
  'Silva',
  'Novak',
  'Kim',
];
const TOPICS = [
  'Vortex shedding',
  'Crack propagation',
  'Flutter suppression',
  'Spray combustion',
  'Boundary-layer transition',
  'Composite fatigue',
  'Rotor dynamics',
  'Shock-wave interaction',
];
const SUBJECTS = [
  'in a heated cylinder wake',
  'under cyclic loading',
  'of a slender wing',
  'in a scramjet combustor',
  'at high Reynolds numbers',
  'with machine-learned closures',
];
const INSTITUTES = [
  'Indian Institute of Technology',
  'National Aerospace Laboratories',
  'University of Stuttgart',
  'Tohoku University',
  'Politecnico di Milano',
];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;
const chance = (p: number) => Math.random() < p;
const daysAgo = (max: number) => new Date(Date.now() - randomInt(max * 24) * 3_600_000);

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A moment between `from` and now, never in the future. */
function after(from: Date): Date {
  const span = Math.max(1, Date.now() - from.getTime());
  return new Date(from.getTime() + randomInt(Math.min(span, 2 ** 47)));
}

interface DemoStep {
  action: PaperAction;
  at: Date;
  actorId: string;
  reason?: string;
  details?: Record<string, unknown>;
}

/** The timeline of a demo paper, each step checked by the state machine as a real one would be. */
function timelineRows(paper: { id: string; userId: string }, steps: DemoStep[]) {
  let state: PaperState | null = null;
  return steps
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((step) => {
      const result = transition(state, step.action);
      if (!result.ok) throw new Error(`demo step ${step.action.type} is not allowed: ${result.message}`);
      const row = {
        actorId: step.actorId,
        action: step.action.type,
        paperId: paper.id,
        targetUserId: paper.userId,
        previousStatus: state?.status ?? null,
        newStatus: result.next.status,
        comments: step.reason ?? null,
        details: { ...step.details, before: state, after: result.next },
        createdAt: step.at,
      };
      state = result.next;
      return row;
    });
}

export interface DemoSeedOptions {
  /** When abstracts opened: no paper is dated before it (by default, any time since the author's account). */
  submissionsOpen?: Date;
  /**
   * Each paper its own abstract and full paper, printing its title and authors, as the demo
   * shows them to organisers and reviewers; by default one file for every paper, which keeps a
   * seed of 100,000 papers fast.
   */
  filePerPaper?: boolean;
}

export async function seedDemo(
  db: Db,
  dataDir: string,
  counts: { users: number; papers: number },
  options: DemoSeedOptions = {},
): Promise<void> {
  const passwordHash = await hashPassword('demo-password');
  const ids = new Set<string>();
  while (ids.size < counts.users + 1) ids.add(newCustomUserId());
  const [reviewerId, ...authorIds] = [...ids];
  const userRows = authorIds.map((customUserId, i) => {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    return {
      username: name,
      email: `author${i + 1}.${Date.now().toString(36)}@demo.example`,
      passwordHash,
      customUserId,
      role: 'author' as const,
      createdAt: daysAgo(150),
    };
  });
  const insertedUsers: { id: string; username: string; customUserId: string; createdAt: Date }[] = [];
  await inBatches(userRows, 500, async (batch) => {
    insertedUsers.push(
      ...(await db.insert(users).values(batch).returning({
        id: users.id,
        username: users.username,
        customUserId: users.customUserId,
        createdAt: users.createdAt,
      })),
    );
  });
  // The committee member whose decisions and scores the demo papers carry; nobody knows the password.
  const [reviewer] = await db
    .insert(users)
    .values({
      username: 'Demo Reviewer',
      email: `reviewer.${Date.now().toString(36)}@demo.example`,
      passwordHash: await hashPassword(randomBytes(24).toString('hex')),
      customUserId: reviewerId!,
      role: 'admin',
      createdAt: daysAgo(150),
    })
    .returning({ id: users.id });

  const store = createLocalFileStore(path.resolve(dataDir, 'files'));
  const storePdf = async (pdf: Uint8Array, originalName: string) => {
    const stored = await store.put(Readable.from([Buffer.from(pdf)]), {
      maxBytes: pdf.length,
      tooLargeMessage: 'too large',
    });
    const [file] = await db
      .insert(storedFiles)
      .values({
        storageKey: stored.key,
        originalName,
        contentType: 'application/pdf',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      })
      .returning({ id: storedFiles.id });
    return file!.id;
  };
  const sharedFileId = options.filePerPaper
    ? undefined
    : await storePdf(
        await demoPaperPdf({
          kind: 'Extended abstract',
          title: 'A sample paper of the demo conference',
          theme: themeLabels()[0]!,
          authors: [{ name: 'ICTACEM demo author', affiliation: 'Indian Institute of Technology' }],
        }),
        'abstract.pdf',
      );

  // Every date follows the one before it and none lies in the future: account, submission,
  // decision, payment, full paper; a score comes from the reviewer at some time after submission.
  const authorsOfPapers = insertedUsers.slice(0, Math.min(counts.papers, insertedUsers.length));
  const plans = authorsOfPapers.map((user) => {
    const status = pick(PAPER_STATUSES);
    const submittedAt = after(
      options.submissionsOpen && options.submissionsOpen > user.createdAt ? options.submissionsOpen : user.createdAt,
    );
    const reviewedAt = status === 'review_awaited' ? null : after(submittedAt);
    const paidAt = status === 'abstract_accepted' && chance(0.7) ? after(reviewedAt!) : null;
    const fullPaperAt = paidAt && chance(0.5) ? after(paidAt) : null;
    const evaluatedAt = status !== 'review_awaited' && chance(0.6) ? after(submittedAt) : null;
    return {
      user,
      title: `${pick(TOPICS)} ${pick(SUBJECTS)}`,
      theme: pick(themeLabels()),
      authors: Array.from({ length: 1 + randomInt(3) }, (_, position) => ({
        name: position === 0 ? user.username : `${pick(FIRST)} ${pick(LAST)}`,
        affiliation: pick(INSTITUTES),
        address: `${randomInt(1, 200)} Campus Road, ${pick(['Kharagpur', 'Bengaluru', 'Stuttgart', 'Sendai', 'Milan'])}`,
      })),
      status,
      submittedAt,
      reviewedAt,
      paidAt,
      fullPaperAt,
      evaluatedAt,
      marks: evaluatedAt ? randomInt(20, 100) : null,
    };
  });
  const files: { abstract: string; fullPaper: string | null }[] = [];
  for (const plan of plans) {
    if (sharedFileId) {
      files.push({ abstract: sharedFileId, fullPaper: plan.fullPaperAt ? sharedFileId : null });
      continue;
    }
    const paper: Omit<DemoPaper, 'kind'> = { title: plan.title, theme: plan.theme, authors: plan.authors };
    files.push({
      abstract: await storePdf(await demoPaperPdf({ ...paper, kind: 'Extended abstract' }), 'abstract.pdf'),
      fullPaper: plan.fullPaperAt
        ? await storePdf(await demoPaperPdf({ ...paper, kind: 'Full paper' }), 'full-paper.pdf')
        : null,
    });
  }
  const paperRows = plans.map((plan, index) => ({
    userId: plan.user.id,
    ictacemId: plan.user.customUserId,
    title: plan.title,
    theme: plan.theme,
    modeOfPresentation: pick(presentationModeLabels()),
    status: plan.status,
    review: plan.reviewedAt ? REVIEW_TEXT : '',
    reviewedBy: plan.reviewedAt ? reviewer!.id : null,
    reviewedAt: plan.reviewedAt,
    // Unique, as the site requires of real payments: one payment per paper.
    paymentId: plan.paidAt ? `PAY-${String(index + 1).padStart(7, '0')}` : '',
    abstractFileId: files[index]!.abstract,
    fullPaperFileId: files[index]!.fullPaper,
    fullPaperSubmittedAt: plan.fullPaperAt,
    submittedAt: plan.submittedAt,
    createdAt: plan.submittedAt,
    updatedAt: plan.submittedAt,
    evaluationMarks: plan.marks,
    evaluatedBy: plan.evaluatedAt ? reviewer!.id : null,
    evaluatedAt: plan.evaluatedAt,
  }));
  const insertedPapers: { id: string; userId: string }[] = [];
  await inBatches(paperRows, 500, async (batch) => {
    insertedPapers.push(...(await db.insert(papers).values(batch).returning({ id: papers.id, userId: papers.userId })));
  });

  const authorRows = insertedPapers.flatMap((paper, index) =>
    plans[index]!.authors.map((author, position) => ({ paperId: paper.id, position, ...author })),
  );
  await inBatches(authorRows, 1000, (batch) => db.insert(paperAuthors).values(batch));
  const versionRows = insertedPapers.flatMap((p, index) => {
    const plan = plans[index]!;
    const { abstract, fullPaper } = files[index]!;
    const version = { paperId: p.id, version: 1, status: 'current' as const };
    return [
      {
        ...version,
        kind: 'abstract' as const,
        fileId: abstract,
        fileName: 'abstract.pdf',
        submittedAt: plan.submittedAt,
      },
      ...(plan.fullPaperAt && fullPaper
        ? [
            {
              ...version,
              kind: 'full_paper' as const,
              fileId: fullPaper,
              fileName: 'full-paper.pdf',
              submittedAt: plan.fullPaperAt,
            },
          ]
        : []),
    ];
  });
  await inBatches(versionRows, 1000, (batch) => db.insert(submissionVersions).values(batch));
  const timeline = insertedPapers.flatMap((p, index) => {
    const plan = plans[index]!;
    const steps: DemoStep[] = [
      {
        action: { type: 'submitted' },
        at: plan.submittedAt,
        actorId: p.userId,
        details: { fileName: 'abstract.pdf', version: 1 },
      },
    ];
    if (plan.reviewedAt)
      steps.push({
        action: { type: 'status_change', status: plan.status },
        at: plan.reviewedAt,
        actorId: reviewer!.id,
        reason: REVIEW_TEXT,
      });
    if (plan.paidAt) steps.push({ action: { type: 'payment_added' }, at: plan.paidAt, actorId: p.userId });
    if (plan.fullPaperAt)
      steps.push({
        action: { type: 'full_paper_submitted' },
        at: plan.fullPaperAt,
        actorId: p.userId,
        details: { fileName: 'full-paper.pdf' },
      });
    if (plan.evaluatedAt)
      steps.push({
        action: { type: 'evaluation' },
        at: plan.evaluatedAt,
        actorId: reviewer!.id,
        details: { marks: { from: null, to: plan.marks } },
      });
    return timelineRows(p, steps);
  });
  await inBatches(timeline, 1000, (batch) => db.insert(auditLog).values(batch));
  const noticeRows = insertedPapers.flatMap((p, index) =>
    Array.from({ length: randomInt(1, 6) }, () => ({
      recipientId: p.userId,
      paperId: p.id,
      type: 'paper_status_change' as const,
      title: 'Status changed',
      message: 'The status of your paper changed.',
      isRead: chance(0.5),
      createdAt: after(plans[index]!.submittedAt),
    })),
  );
  await inBatches(noticeRows, 1000, (batch) => db.insert(notifications).values(batch));
  const chatRows = insertedPapers
    .map((p, index) => ({
      paperId: p.id,
      senderId: p.userId,
      senderRole: 'author' as const,
      message: 'Is the page limit strict?',
      createdAt: after(plans[index]!.submittedAt),
    }))
    .filter(() => chance(0.3));
  await inBatches(chatRows, 1000, (batch) => db.insert(chatMessages).values(batch));
  await vacuumAfterBulkLoad(db);
}

/** The conference of `npm run demo`: a few papers, dated inside its calendar, each with its own PDF. */
export const DEMO_COUNTS = { users: 12, papers: 10 };

export function seedDemoConference(db: Db, dataDir: string, calendar: ConferenceDates): Promise<void> {
  return seedDemo(db, dataDir, DEMO_COUNTS, { submissionsOpen: new Date(calendar.abstractOpens), filePerPaper: true });
}

async function main() {
  const { values } = parseArgs({
    options: { users: { type: 'string', default: '100' }, papers: { type: 'string', default: '100' } },
  });
  const counts = { users: Number(values.users), papers: Number(values.papers) };
  if (!Number.isInteger(counts.users) || !Number.isInteger(counts.papers) || counts.users < 0 || counts.papers < 0) {
    throw new Error('--users and --papers take whole numbers');
  }
  const config = loadConfig();
  setConference(config.conference);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const started = Date.now();
  try {
    await seedDemo(database.db, config.dataDir, counts);
  } finally {
    await database.close();
  }
  console.log(
    `Seeded ${counts.users} authors and ${Math.min(counts.papers, counts.users)} papers in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
