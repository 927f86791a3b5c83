// Fills a database with a realistic conference, for trying the admin area and for benchmarks:
//   npm run seed:demo -- --users 10000 --papers 10000
// Uses DATA_DIR (embedded database) or DATABASE_URL like the server. Demo authors sign in with
// the password "demo-password". Adds to what is there; run it on an empty data directory.
import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { type Db, openDatabase } from '../src/server/db/client.ts';
import { chatMessages, notifications, paperAuthors, papers, storedFiles, submissionVersions, users } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
import { newCustomUserId } from '../src/server/modules/users/users.service.ts';
import { createLocalFileStore } from '../src/server/storage/file-store.ts';
import { PAPER_STATUSES, PRESENTATION_MODES, THEMES } from '../src/shared/constants.ts';

const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Kavya', 'Sofia', 'Lukas', 'Chen', 'Yuki', 'Omar', 'Fatima', 'Elena', 'Marco'];
const LAST = ['Sharma', 'Iyer', 'Banerjee', 'Gupta', 'Das', 'Nair', 'Rao', 'Mukherjee', 'Rossi', 'Müller', 'Wang', 'Tanaka', 'Haddad', 'Silva', 'Novak', 'Kim'];
const TOPICS = ['Vortex shedding', 'Crack propagation', 'Flutter suppression', 'Spray combustion', 'Boundary-layer transition', 'Composite fatigue', 'Rotor dynamics', 'Shock-wave interaction'];
const SUBJECTS = ['in a heated cylinder wake', 'under cyclic loading', 'of a slender wing', 'in a scramjet combustor', 'at high Reynolds numbers', 'with machine-learned closures'];
const INSTITUTES = ['Indian Institute of Technology', 'National Aerospace Laboratories', 'University of Stuttgart', 'Tohoku University', 'Politecnico di Milano'];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;
const chance = (p: number) => Math.random() < p;
const daysAgo = (max: number) => new Date(Date.now() - randomInt(max * 24) * 3_600_000);

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedDemo(db: Db, dataDir: string, counts: { users: number; papers: number }): Promise<void> {
  const passwordHash = await hashPassword('demo-password');
  const ids = new Set<string>();
  while (ids.size < counts.users) ids.add(newCustomUserId());
  const userRows = [...ids].map((customUserId, i) => {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    return { username: name, email: `author${i + 1}.${Date.now().toString(36)}@demo.example`, passwordHash, customUserId, role: 'author' as const, createdAt: daysAgo(150) };
  });
  const insertedUsers: { id: string; username: string; customUserId: string }[] = [];
  await inBatches(userRows, 500, async (batch) => {
    insertedUsers.push(...(await db.insert(users).values(batch).returning({ id: users.id, username: users.username, customUserId: users.customUserId })));
  });

  // One real PDF that every demo submission points at.
  const store = createLocalFileStore(path.resolve(dataDir, 'files'));
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ICTACEM demo abstract\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const stored = await store.put(Readable.from([pdf]), { maxBytes: pdf.length, tooLargeMessage: 'too large' });
  const [file] = await db
    .insert(storedFiles)
    .values({ storageKey: stored.key, originalName: 'abstract.pdf', contentType: 'application/pdf', sizeBytes: stored.sizeBytes, sha256: stored.sha256 })
    .returning();

  const authorsOfPapers = insertedUsers.slice(0, Math.min(counts.papers, insertedUsers.length));
  const paperRows = authorsOfPapers.map((user) => {
    const status = pick(PAPER_STATUSES);
    const accepted = status === 'abstract_accepted';
    const paid = accepted && chance(0.7);
    const submittedAt = daysAgo(120);
    const evaluated = status !== 'review_awaited' && chance(0.6);
    return {
      userId: user.id,
      ictacemId: user.customUserId,
      title: `${pick(TOPICS)} ${pick(SUBJECTS)}`,
      theme: pick(THEMES),
      modeOfPresentation: pick(PRESENTATION_MODES),
      status,
      review: status === 'review_awaited' ? '' : 'Thank you for the submission. Please see the comments.',
      paymentId: paid ? `PAY-${randomInt(1_000_000, 9_999_999)}` : '',
      abstractFileId: file!.id,
      fullPaperFileId: paid && chance(0.5) ? file!.id : null,
      submittedAt,
      evaluationMarks: evaluated ? randomInt(20, 100) : null,
      evaluatedAt: evaluated ? new Date(submittedAt.getTime() + 86_400_000) : null,
    };
  });
  const insertedPapers: { id: string; userId: string }[] = [];
  await inBatches(paperRows, 500, async (batch) => {
    insertedPapers.push(...(await db.insert(papers).values(batch).returning({ id: papers.id, userId: papers.userId })));
  });

  const authorRows = insertedPapers.flatMap((paper, index) => {
    const owner = authorsOfPapers[index]!;
    return Array.from({ length: 1 + randomInt(3) }, (_, position) => ({
      paperId: paper.id,
      position,
      name: position === 0 ? owner.username : `${pick(FIRST)} ${pick(LAST)}`,
      affiliation: pick(INSTITUTES),
      address: `${randomInt(1, 200)} Campus Road, ${pick(['Kharagpur', 'Bengaluru', 'Stuttgart', 'Sendai', 'Milan'])}`,
    }));
  });
  await inBatches(authorRows, 1000, (batch) => db.insert(paperAuthors).values(batch));
  await inBatches(
    insertedPapers.map((p) => ({ paperId: p.id, kind: 'abstract' as const, version: 1, fileId: file!.id, fileName: 'abstract.pdf', status: 'current' as const })),
    1000,
    (batch) => db.insert(submissionVersions).values(batch),
  );
  const noticeRows = insertedPapers.flatMap((p) =>
    Array.from({ length: randomInt(1, 6) }, () => ({
      recipientId: p.userId,
      paperId: p.id,
      type: 'paper_status_change' as const,
      title: 'Status changed',
      message: 'The status of your paper changed.',
      isRead: chance(0.5),
      createdAt: daysAgo(60),
    })),
  );
  await inBatches(noticeRows, 1000, (batch) => db.insert(notifications).values(batch));
  const chatRows = insertedPapers.filter(() => chance(0.3)).map((p) => ({ paperId: p.id, senderId: p.userId, senderRole: 'author' as const, message: 'Is the page limit strict?', createdAt: daysAgo(30) }));
  await inBatches(chatRows, 1000, (batch) => db.insert(chatMessages).values(batch));
}

async function main() {
  const { values } = parseArgs({ options: { users: { type: 'string', default: '100' }, papers: { type: 'string', default: '100' } } });
  const counts = { users: Number(values.users), papers: Number(values.papers) };
  if (!Number.isInteger(counts.users) || !Number.isInteger(counts.papers) || counts.users < 0 || counts.papers < 0) {
    throw new Error('--users and --papers take whole numbers');
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const started = Date.now();
  try {
    await seedDemo(database.db, config.dataDir, counts);
  } finally {
    await database.close();
  }
  console.log(`Seeded ${counts.users} authors and ${Math.min(counts.papers, counts.users)} papers in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
