import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { PLACEHOLDER_PAYMENT_ID } from '../../../shared/constants.ts';
import type { RecordsQuery } from '../../../shared/schemas/admin-dashboard.ts';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/search-pattern.ts';
import { cacheVersions, paperAuthors, papers, users } from '../../db/schema/index.ts';

/**
 * The one definition of each records filter, for the rows of the Financial and Evaluation tables,
 * their page totals, the CSV and the summary cards and chips alike, so that no number can
 * disagree with the list it stands for. Every account counts, whatever its role, and so does
 * every paper, an admin's own included.
 */
const hasPaper = isNotNull(papers.id);
const isPaid = and(hasPaper, notInArray(papers.paymentId, ['', PLACEHOLDER_PAYMENT_ID]))!;
export const RECORD_FILTERS: Record<RecordsQuery['filter'], SQL | undefined> = {
  all: undefined,
  paid: isPaid,
  unpaid: and(hasPaper, sql`not (${isPaid})`),
  evaluated: isNotNull(papers.evaluationMarks),
  pending: and(hasPaper, isNull(papers.evaluationMarks)),
};

/** The version of everything the dashboard's statistics read, raised by triggers on every write. */
export async function dashboardVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, 'dashboard'));
  // Without the row nothing could be cached safely: a fresh version each time.
  return row?.version ?? Number.MAX_SAFE_INTEGER;
}

const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

/** The records' summary cards: each the total of the table under that filter. */
export async function recordsSummaryCounts(db: DbOrTx) {
  const [row] = await db
    .select({
      withPaper: countWhere(and(hasPaper, RECORD_FILTERS.all)),
      withoutPaper: countWhere(isNull(papers.id)),
      paid: countWhere(RECORD_FILTERS.paid),
      unpaid: countWhere(RECORD_FILTERS.unpaid),
      evaluated: countWhere(RECORD_FILTERS.evaluated),
      pending: countWhere(RECORD_FILTERS.pending),
      averageScore: sql<number | null>`avg(${papers.evaluationMarks})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(users)
    .leftJoin(papers, eq(papers.userId, users.id));
  return row!;
}

export async function paperTotals(db: DbOrTx) {
  const [row] = await db
    .select({
      total: count(),
      fullPaperSubmitted: sql<number>`count(*) filter (where ${papers.fullPaperFileId} is not null)`.mapWith(Number),
      paymentCompleted: countWhere(isPaid),
      activeThisWeek: sql<number>`count(*) filter (where ${papers.submittedAt} > now() - interval '7 days')`.mapWith(
        Number,
      ),
      usersWithPapers: sql<number>`count(distinct ${papers.userId})`.mapWith(Number),
      evaluated: count(papers.evaluationMarks),
      averageScore: sql<number | null>`avg(${papers.evaluationMarks})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(papers);
  return row!;
}

export async function countAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

const BREAKDOWN_COLUMNS = {
  status: papers.status,
  theme: papers.theme,
  modeOfPresentation: papers.modeOfPresentation,
} as const;

/** How many papers share each value of one field (the dashboard's breakdowns). */
export async function paperCountsBy(db: DbOrTx, field: keyof typeof BREAKDOWN_COLUMNS) {
  const column = BREAKDOWN_COLUMNS[field];
  return db.select({ key: column, n: count() }).from(papers).groupBy(column);
}

export async function recentSubmissions(db: DbOrTx, limit: number) {
  return db
    .select({
      id: papers.id,
      title: papers.title,
      ictacemId: papers.ictacemId,
      submittedAt: papers.submittedAt,
      status: papers.status,
      firstAuthor: paperAuthors.name,
    })
    .from(papers)
    .leftJoin(paperAuthors, and(eq(paperAuthors.paperId, papers.id), eq(paperAuthors.position, 0)))
    .orderBy(desc(papers.submittedAt), desc(papers.id))
    .limit(limit);
}

function userSearch(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.customUserId, pattern));
}

export async function pageOfUsers(db: DbOrTx, query: { search: string; limit: number; offset: number }) {
  const where = userSearch(query.search);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function statusCountsOfUsers(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: papers.userId, status: papers.status, n: count() })
    .from(papers)
    .where(inArray(papers.userId, userIds))
    .groupBy(papers.userId, papers.status);
}

export async function pageOfPapers(
  db: DbOrTx,
  query: { search: string; status?: string; theme?: string; mode?: string; limit: number; offset: number },
) {
  const filters: (SQL | undefined)[] = [];
  if (query.status) filters.push(sql`${papers.status} = ${query.status}`);
  if (query.theme) filters.push(eq(papers.theme, query.theme));
  if (query.mode) filters.push(eq(papers.modeOfPresentation, query.mode));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(papers.title, pattern),
        ilike(papers.ictacemId, pattern),
        // IN, not a correlated EXISTS: under OR only IN is planned as one hashed scan of the authors.
        inArray(
          papers.id,
          db.select({ id: paperAuthors.paperId }).from(paperAuthors).where(ilike(paperAuthors.name, pattern)),
        ),
      ),
    );
  }
  const where = and(...filters);
  // The page and its total as two queries: a window count would carry every matching row
  // through the sort, which costs the embedded database several times more than a second scan.
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(papers)
      .where(where)
      .orderBy(desc(papers.submittedAt), desc(papers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(papers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

function recordsWhere(query: Pick<RecordsQuery, 'search' | 'filter'>): SQL | undefined {
  const search = query.search
    ? or(userSearch(query.search), ilike(papers.title, containsPattern(query.search)))
    : undefined;
  return and(search, RECORD_FILTERS[query.filter]);
}

const recordColumns = {
  userId: users.id,
  username: users.username,
  email: users.email,
  customUserId: users.customUserId,
  paperId: papers.id,
  title: papers.title,
  status: papers.status,
  paymentId: papers.paymentId,
  /** The same real payment ID is recorded for another paper too (entered before IDs were checked). */
  paymentIdShared: sql<boolean>`exists (select 1 from "papers" as "other" where "other"."payment_id" = "papers"."payment_id"
    and "other"."id" <> "papers"."id" and "other"."payment_id" not in ('', ${PLACEHOLDER_PAYMENT_ID}))`,
  submittedAt: papers.submittedAt,
  marks: papers.evaluationMarks,
  evaluatedAt: papers.evaluatedAt,
};

/** One row per paper, and one per author without a paper (the LEFT JOIN's empty side). */
function selectRecords(db: DbOrTx, where: SQL | undefined) {
  return db.select(recordColumns).from(users).leftJoin(papers, eq(papers.userId, users.id)).where(where);
}

// Sort columns come from these allow-lists only; nothing from the request reaches ORDER BY.
// By name, authors with and without a paper interleave: one query, read in users_username_id_idx order.
const NAME_ORDER = [asc(users.username), sql`${papers.submittedAt} desc nulls last`, asc(users.id)];
/**
 * By submission date or score, every row with a paper comes first (an author without one has
 * null keys, sorted last). So the rows with a paper are paged on their own, read in index order
 * (papers_submitted_at_idx, as submitted_at is never null; papers_marks_submitted_at_idx): a page
 * costs a few rows instead of a sort of every author. Authors without a paper fill the pages after.
 */
const PAPERS_FIRST_ORDER = {
  submitted: {
    withPaper: [desc(papers.submittedAt), asc(users.username), asc(users.id)],
    withoutPaper: [asc(users.username), asc(users.id)],
  },
  score: {
    withPaper: [
      sql`${papers.evaluationMarks} desc nulls last`,
      sql`${papers.submittedAt} desc nulls last`,
      asc(users.id),
    ],
    withoutPaper: [asc(users.id)],
  },
} as const;

export async function records(
  db: DbOrTx,
  query: Pick<RecordsQuery, 'search' | 'filter' | 'sort'>,
  page: { limit: number; offset: number },
) {
  const where = recordsWhere(query);
  if (query.sort === 'name') {
    return selectRecords(db, where)
      .orderBy(...NAME_ORDER)
      .limit(page.limit)
      .offset(page.offset);
  }
  const order = PAPERS_FIRST_ORDER[query.sort];
  const withPaper = await selectRecords(db, and(where, isNotNull(papers.id)))
    .orderBy(...order.withPaper)
    .limit(page.limit)
    .offset(page.offset);
  // Paid, unpaid, evaluated and pending all describe a paper: authors without one match 'all' only.
  if (withPaper.length === page.limit || query.filter !== 'all') return withPaper;
  // The page passes the last paper: the rest comes from the authors without one, after those
  // on earlier pages (only a page that starts past the last paper needs to count the papers).
  const papersBefore =
    withPaper.length > 0 || page.offset === 0 ? page.offset : await countOf(db, and(where, isNotNull(papers.id)));
  const withoutPaper = await selectRecords(db, and(where, isNull(papers.id)))
    .orderBy(...order.withoutPaper)
    .limit(page.limit - withPaper.length)
    .offset(page.offset - papersBefore);
  return [...withPaper, ...withoutPaper];
}

async function countOf(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).leftJoin(papers, eq(papers.userId, users.id)).where(where);
  return row?.n ?? 0;
}

/**
 * Without a filter or a search nothing is read from the papers, and papers_user_id_uq lets the
 * planner drop the join: the count is one scan of the users.
 */
export async function countRecords(db: DbOrTx, query: Pick<RecordsQuery, 'search' | 'filter'>): Promise<number> {
  return countOf(db, recordsWhere(query));
}
