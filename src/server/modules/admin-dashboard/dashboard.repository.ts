import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { PAPER_STATUSES, PLACEHOLDER_PAYMENT_ID } from '@shared/constants.ts';
import { presentationModeLabels, themeLabels } from '@shared/conference.ts';
import type { PaperFilterQuery, PaperListSort, RecordsQuery } from '@shared/schemas/admin-dashboard.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@server/db/client.ts';
import {
  chooseSearchStrategy,
  foldedContains,
  type SearchScope,
  type SearchStrategy,
} from '@server/db/search-pattern.ts';
import {
  cacheVersions,
  chatReadCursors,
  conferenceDates,
  deadlineExtensions,
  heldDecisions,
  paperAuthors,
  papers,
  users,
} from '@server/db/schema/index.ts';
import { announcedDates } from '@shared/domain/deadlines.ts';
import { DISAGREEMENT_SPREAD } from '@shared/domain/reviews.ts';
import {
  adminRelationColumns,
  paperColumns,
  adminRelationsOf,
  COMMITTEE_REVIEW_COUNTS,
  REVIEW_STILL_DUE,
  ABSTRACT_PREFLIGHT_VERDICT,
} from '../papers/papers.repository.ts';
import { rowsOf } from '@server/db/raw-rows.ts';
import { atOrAfter, type ListPlace, placeColumns } from '@server/db/list-places.ts';
import { literalChoice, literalNumber, literalRows } from '@server/db/literal-values.ts';

/**
 * The one definition of each records filter, for the rows of the Financial and Evaluation tables,
 * their page totals, the CSV and the summary cards and chips alike, so that no number can
 * disagree with the list it stands for. Every account counts, whatever its role, and so does
 * every paper, an admin's own included.
 */
const hasPaper = isNotNull(papers.id);
/** An organiser (or an import) confirmed the paper's payment (payment_decisions, modules/payments). */
const PAYMENT_CONFIRMED = sql`exists (select 1 from payment_decisions d where d.paper_id = "papers"."id" and d.state = 'confirmed')`;
const isPaid = and(hasPaper, notInArray(papers.paymentId, ['', PLACEHOLDER_PAYMENT_ID]))!;
/** The committee's reviews: all in (at least one), or some still to come (or nobody assigned yet). */
const reviewsComplete = and(isNotNull(papers.reviewMean), sql`not ${REVIEW_STILL_DUE}`)!;
const missingReviews = and(hasPaper, or(isNull(papers.reviewMean), REVIEW_STILL_DUE))!;
const disagreement = gte(papers.reviewSpread, DISAGREEMENT_SPREAD);
export const RECORD_FILTERS: Record<RecordsQuery['filter'], SQL | undefined> = {
  all: undefined,
  paid: isPaid,
  confirmed: and(hasPaper, PAYMENT_CONFIRMED),
  entered: and(isPaid, sql`not ${PAYMENT_CONFIRMED}`),
  unpaid: and(hasPaper, sql`not (${isPaid})`),
  evaluated: isNotNull(papers.evaluationMarks),
  pending: and(hasPaper, isNull(papers.evaluationMarks)),
  reviewsComplete,
  missingReviews,
  disagreement,
};

/** The version of everything the dashboard's statistics read, raised by triggers on every write. */
export async function dashboardVersion(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, 'dashboard'));
  // Without the row nothing can be cached safely: no version, and the memos keep nothing.
  return row?.version;
}

const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

/**
 * Every paper figure of the dashboard in one pass over the papers: one row per status, theme and
 * mode of presentation, which the service adds up. The records filters are the ones the lists use.
 */
export async function paperTallies(db: DbOrTx) {
  return db
    .select({
      status: papers.status,
      theme: papers.theme,
      mode: papers.modeOfPresentation,
      papers: count(),
      fullPaperSubmitted: count(papers.fullPaperFileId),
      paid: countWhere(RECORD_FILTERS.paid),
      confirmed: countWhere(RECORD_FILTERS.confirmed),
      unpaid: countWhere(RECORD_FILTERS.unpaid),
      evaluated: countWhere(RECORD_FILTERS.evaluated),
      pending: countWhere(RECORD_FILTERS.pending),
      activeThisWeek: countWhere(sql`${papers.submittedAt} > now() - interval '7 days'`),
      marksSum: sql<number>`coalesce(sum(${papers.evaluationMarks}), 0)`.mapWith(Number),
    })
    .from(papers)
    .groupBy(papers.status, papers.theme, papers.modeOfPresentation);
}

export async function countAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
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
    .limit(literalRows(limit));
}

/** The account's name, email or user ID contains the search text, tested on the row. */
const userRowMatches = (search: string) =>
  or(
    foldedContains(users.usernameSearch, search),
    foldedContains(users.emailSearch, search),
    foldedContains(users.customUserIdSearch, search),
  )!;

/** The same accounts found through the trigram indexes: one index scan per column. */
function usersMatching(db: DbOrTx, search: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(foldedContains(users.usernameSearch, search))
    .unionAll(db.select({ id: users.id }).from(users).where(foldedContains(users.emailSearch, search)))
    .unionAll(db.select({ id: users.id }).from(users).where(foldedContains(users.customUserIdSearch, search)));
}

/** The paper's title, ICTACEM ID or an author's name contains the search text, tested on the row. */
const paperRowMatches = (search: string) =>
  or(
    foldedContains(papers.titleSearch, search),
    foldedContains(papers.ictacemIdSearch, search),
    foldedContains(papers.authorsSearch, search),
  )!;

/**
 * The same papers found through the trigram indexes. A union of index scans rather than an OR of
 * conditions: the planner then knows how many rows match and reads only those.
 */
function papersMatching(db: DbOrTx, search: string) {
  return db
    .select({ id: papers.id })
    .from(papers)
    .where(foldedContains(papers.titleSearch, search))
    .unionAll(db.select({ id: papers.id }).from(papers).where(foldedContains(papers.ictacemIdSearch, search)))
    .unionAll(db.select({ id: papers.id }).from(papers).where(foldedContains(papers.authorsSearch, search)));
}

export type Page = { limit: number; offset: number };
export type { SearchScope };

const strategyFor = (search: string, scope: SearchScope, page: Page): SearchStrategy =>
  search ? chooseSearchStrategy(scope, page.offset + page.limit) : 'byIndex';

// Deep pages: the page's keys are found first, in the order of an index that holds the sort keys
// and the id (an index-only scan skips the rows before the page cheaply), and only the page's
// rows are read whole. The same rows in the same order as LIMIT/OFFSET on the whole query.
const USER_ORDER = [desc(users.createdAt), desc(users.id)];

const usersWhere = (db: DbOrTx, search: string, strategy: SearchStrategy) =>
  !search ? undefined : strategy === 'byRow' ? userRowMatches(search) : inArray(users.id, usersMatching(db, search));

// A count follows no order, so its search is the row test: the planner ORs the trigram indexes'
// bitmaps (BitmapOr) and reads each match once, where the union of index scans would remove
// repeats and look every id up again: at 100,000 papers, a title word 16 % of them hold was
// counted in 75 ms instead of 140, an author's name in 8 ms instead of 27.
export async function countUsers(db: DbOrTx, search: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(usersWhere(db, search, 'byRow'));
  return row?.n ?? 0;
}

/** `scope`: the total for this search (countUsers) and of all users, from which the search picks its strategy. */
export async function pageOfUsers(db: DbOrTx, search: string, page: Page, scope: SearchScope) {
  const strategy = strategyFor(search, scope, page);
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(usersWhere(db, search, strategy))
    .orderBy(...USER_ORDER)
    .limit(literalRows(page.limit))
    .offset(literalRows(page.offset));
  return db
    .select()
    .from(users)
    .where(inArray(users.id, pageIds))
    .orderBy(...USER_ORDER);
}

export async function statusCountsOfUsers(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: papers.userId, status: papers.status, n: count() })
    .from(papers)
    .where(inArray(papers.userId, userIds))
    .groupBy(papers.userId, papers.status);
}

export interface PaperFilter {
  search: string;
  status?: PaperFilterQuery['status'];
  theme?: PaperFilterQuery['theme'];
  mode?: PaperFilterQuery['mode'];
  payment?: PaperFilterQuery['payment'];
  fullPaper?: PaperFilterQuery['fullPaper'];
  /** Only papers whose author wrote in the chat after this admin last read it. */
  unreadBy?: string;
  reviews?: PaperFilterQuery['reviews'];
  disagreement?: PaperFilterQuery['disagreement'];
  minMean?: number;
  held?: PaperFilterQuery['held'];
  response?: PaperFilterQuery['response'];
  /** The author response deadline before an organiser saves one (configured or announced). */
  responseDeadlineDefault?: string;
  preflight?: PaperFilterQuery['preflight'];
  sort?: PaperListSort;
}

const isPaidPaper = notInArray(papers.paymentId, ['', PLACEHOLDER_PAYMENT_ID]);

function paymentWhere(payment: PaperFilterQuery['payment']): SQL | undefined {
  switch (payment) {
    case 'paid':
      return isPaidPaper;
    case 'unpaid':
      return sql`not (${isPaidPaper})`;
    case 'confirmed':
      return PAYMENT_CONFIRMED;
    case 'entered':
      return and(isPaidPaper, sql`not ${PAYMENT_CONFIRMED}`);
    default:
      return undefined;
  }
}

/**
 * A paper order by a column, highest first and papers without a value last, ties by newest:
 * spelled as the indexes on (column desc nulls last, submitted_at desc, id desc) are.
 */
const highestFirst = (column: AnyPgColumn): SQL[] => [
  sql`${column} desc nulls last`,
  sql`${papers.submittedAt} desc nulls last`,
  sql`${papers.id} desc nulls last`,
];

// Sort columns come from these allow-lists only; each is spelled as its index is.
const PAPER_ORDERS: Record<PaperListSort, SQL[]> = {
  submitted: [desc(papers.submittedAt), desc(papers.id)],
  // papers_last_author_message_idx: the latest question first, papers without one after.
  latestMessage: highestFirst(papers.lastAuthorMessageAt),
  // papers_review_mean_idx: the highest mean first, papers without a submitted review after.
  mean: highestFirst(papers.reviewMean),
};

/** The author wrote in the paper's chat after the reader's last read (chat_read_cursors). */
function hasUnreadAuthorMessage(readerId: string): SQL {
  return sql`(${papers.lastAuthorMessageAt} is not null and not exists (
    select 1 from ${chatReadCursors} where ${chatReadCursors.paperId} = ${papers.id}
      and ${chatReadCursors.userId} = ${readerId} and ${chatReadCursors.lastReadAt} >= ${papers.lastAuthorMessageAt}))`;
}

/**
 * Awaiting its author's response, and past the paper's response deadline: the later of the
 * conference's (as saved on the Deadlines page, else as configured or announced)
 * and the paper's own extension. A submitted response moves the paper out of this status.
 */
const responseOverdue = (fallback: string) => sql`(${papers.status} = 'author_response_awaited' and now() > greatest(
  coalesce((select ${conferenceDates.value} from ${conferenceDates} where ${conferenceDates.key} = 'authorResponseDeadline'),
    ${fallback})::timestamptz,
  coalesce((select ${deadlineExtensions.closesAt} from ${deadlineExtensions}
    where ${deadlineExtensions.paperId} = ${papers.id} and ${deadlineExtensions.step} = 'response')::timestamptz,
    '-infinity'::timestamptz)))`;

function papersWhere(db: DbOrTx, filter: PaperFilter, strategy: SearchStrategy): SQL | undefined {
  const { search } = filter;
  return and(
    filter.status ? sql`${papers.status} = ${literalChoice(filter.status, PAPER_STATUSES)}` : undefined,
    filter.theme ? sql`${papers.theme} = ${literalChoice(filter.theme, themeLabels())}` : undefined,
    filter.mode
      ? sql`${papers.modeOfPresentation} = ${literalChoice(filter.mode, presentationModeLabels())}`
      : undefined,
    paymentWhere(filter.payment),
    filter.fullPaper === 'yes'
      ? isNotNull(papers.fullPaperFileId)
      : filter.fullPaper === 'no'
        ? isNull(papers.fullPaperFileId)
        : undefined,
    filter.unreadBy ? hasUnreadAuthorMessage(filter.unreadBy) : undefined,
    filter.reviews === 'complete' ? reviewsComplete : filter.reviews === 'missing' ? missingReviews : undefined,
    filter.disagreement === 'yes'
      ? disagreement
      : filter.disagreement === 'no'
        ? lt(papers.reviewSpread, DISAGREEMENT_SPREAD)
        : undefined,
    filter.minMean !== undefined ? sql`${papers.reviewMean} >= ${literalNumber(filter.minMean)}` : undefined,
    filter.response === 'none'
      ? responseOverdue(filter.responseDeadlineDefault ?? announcedDates().authorResponseDeadline)
      : undefined,
    filter.preflight === 'not_checked'
      ? sql`${ABSTRACT_PREFLIGHT_VERDICT} is null`
      : filter.preflight
        ? sql`${ABSTRACT_PREFLIGHT_VERDICT} = ${literalChoice(filter.preflight, ['passed', 'warnings'] as const)}`
        : undefined,
    filter.held === 'yes'
      ? sql`exists (select 1 from ${heldDecisions} where ${heldDecisions.paperId} = ${papers.id})`
      : undefined,
    !search
      ? undefined
      : strategy === 'byRow'
        ? paperRowMatches(search)
        : inArray(papers.id, papersMatching(db, search)),
  );
}

/** As countUsers: the row test, which the planner meets with the trigram indexes' bitmaps. */
export async function countPapers(db: DbOrTx, filter: PaperFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(papers)
    .where(papersWhere(db, filter, 'byRow'));
  return row?.n ?? 0;
}

/** How many rows apart a list's places are kept (PaperAnchor): a deep page walks fewer than this many. */
export const PAPER_PLACES_EVERY = 1000;

/** A kept place in a list of papers: the row at `offset` is at `place`. */
export interface PaperAnchor {
  offset: number;
  place: ListPlace;
}

/**
 * Which kept place a page of papers starts its walk from: the last one at or before the page,
 * in the submitted order without a search (the deep pages an organiser browses to); none
 * before the first `every` rows, where the walk is short anyway.
 */
export function paperAnchorOffset(filter: PaperFilter, page: Page, every = PAPER_PLACES_EVERY): number | undefined {
  // Unread messages change without a new version of the data: their places could not be kept.
  if (filter.search || filter.unreadBy || (filter.sort ?? 'submitted') !== 'submitted') return undefined;
  const offset = Math.floor(page.offset / every) * every;
  return offset > 0 ? offset : undefined;
}

/** The place of the paper at `offset` in a filter's submitted order (no search), or null past the end. */
export async function paperPlaceAt(db: DbOrTx, filter: PaperFilter, offset: number): Promise<ListPlace | null> {
  const [row] = await db
    .select(placeColumns(papers.submittedAt, papers.id))
    .from(papers)
    .where(papersWhere(db, filter, 'byIndex'))
    .orderBy(...PAPER_ORDERS.submitted)
    .limit(1)
    .offset(literalRows(offset));
  return row ?? null;
}

/**
 * A page of papers, each with what an admin's view of it needs (adminRelationColumns): one query
 * for the page, whatever its length. `scope`: the total for this filter (countPapers) and of all
 * papers, from which the search picks its strategy; `reader`: the admin whose unread messages
 * are counted. With an `anchor` (paperAnchorOffset, paperPlaceAt), the page's keys are walked
 * from that place rather than from the first paper: the same rows, in fewer index entries.
 */
export async function pageOfPapers(
  db: DbOrTx,
  filter: PaperFilter,
  page: Page,
  scope: SearchScope,
  reader: string,
  anchor?: PaperAnchor,
) {
  const strategy = strategyFor(filter.search, scope, page);
  const pageIds = db
    .select({ id: papers.id })
    .from(papers)
    .where(
      and(
        papersWhere(db, filter, strategy),
        anchor ? atOrAfter(papers.submittedAt, papers.id, anchor.place) : undefined,
      ),
    )
    .orderBy(...PAPER_ORDERS[filter.sort ?? 'submitted'])
    .limit(literalRows(page.limit))
    .offset(literalRows(page.offset - (anchor?.offset ?? 0)));
  const rows = await db
    .select({ paper: paperColumns, ...adminRelationColumns(reader) })
    .from(papers)
    .where(inArray(papers.id, pageIds))
    .orderBy(...PAPER_ORDERS[filter.sort ?? 'submitted']);
  return rows.map((row) => ({ paper: row.paper, relations: adminRelationsOf(row, row.paper) }));
}

/**
 * The ids of every paper a filter matches, in the list's order. `scope`: their number
 * (countPapers) and all papers', from which the search picks its strategy as for a page that long.
 */
export async function idsOfPapers(db: DbOrTx, filter: PaperFilter, scope: SearchScope): Promise<string[]> {
  if (scope.matches === 0) return [];
  const strategy = strategyFor(filter.search, scope, { offset: 0, limit: scope.matches });
  const rows = await db
    .select({ id: papers.id })
    .from(papers)
    .where(papersWhere(db, filter, strategy))
    .orderBy(...PAPER_ORDERS[filter.sort ?? 'submitted']);
  return rows.map((row) => row.id);
}

/** An account matches the records search by its name, email or user ID, or by its paper's title. */
function recordsMatching(db: DbOrTx, search: string) {
  return usersMatching(db, search).unionAll(
    db.select({ id: papers.userId }).from(papers).where(foldedContains(papers.titleSearch, search)),
  );
}

type RecordsFilter = Pick<RecordsQuery, 'search' | 'filter'>;

/** For queries of users LEFT JOIN papers. */
function recordsWhere(db: DbOrTx, query: RecordsFilter, strategy: SearchStrategy): SQL | undefined {
  const { search } = query;
  return and(
    !search
      ? undefined
      : strategy === 'byRow'
        ? or(userRowMatches(search), foldedContains(papers.titleSearch, search))
        : inArray(users.id, recordsMatching(db, search)),
    RECORD_FILTERS[query.filter],
  );
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
  reviewCounts: COMMITTEE_REVIEW_COUNTS,
  reviewMean: papers.reviewMean,
  reviewSpread: papers.reviewSpread,
  /** The decision entered and not yet released (decision-release), if any. */
  heldStatus: sql<
    'abstract_accepted' | 'declined' | null
  >`(select h.status from ${heldDecisions} h where h.paper_id = ${papers.id})`,
};

/** One row per paper, and one per author without a paper (the LEFT JOIN's empty side). */
function selectRecords(db: DbOrTx, where: SQL | undefined) {
  return db.select(recordColumns).from(users).leftJoin(papers, eq(papers.userId, users.id)).where(where);
}

// Sort columns come from these allow-lists only; nothing from the request reaches ORDER BY.
// By name, authors with and without a paper interleave, read in users_username_id_idx order.
const NAME_ORDER = [asc(users.username), asc(users.id)];
/**
 * By submission date or score, every row with a paper comes first (an author without one has
 * null keys, sorted last). So the rows with a paper are paged on their own, their keys read in
 * index order from the papers alone (papers_submitted_at_id_idx; papers_marks_submitted_at_id_idx):
 * a page costs a short index scan instead of a sort of every author. Authors without a paper
 * fill the pages after, by name (submitted) or by id (score, as all their keys are null).
 */
const PAPERS_FIRST_ORDER = {
  submitted: {
    withPaper: [desc(papers.submittedAt), desc(papers.id)],
    withoutPaper: [asc(users.username), asc(users.id)],
  },
  // papers_marks_submitted_at_id_idx and papers_review_mean_idx give these orders.
  score: { withPaper: highestFirst(papers.evaluationMarks), withoutPaper: [asc(users.id)] },
  mean: { withPaper: highestFirst(papers.reviewMean), withoutPaper: [asc(users.id)] },
} as const;

/** The page of rows with a paper, in one of the papers-first orders. */
function recordsWithPaper(
  db: DbOrTx,
  query: RecordsFilter,
  order: readonly SQL[],
  page: Page,
  strategy: SearchStrategy,
) {
  const { search } = query;
  // The search names accounts: by index, matched through papers.user_id without reading the
  // users; by row, each paper's account is read beside it.
  const pageIds =
    search && strategy === 'byRow'
      ? db
          .select({ id: papers.id })
          .from(papers)
          .innerJoin(users, eq(users.id, papers.userId))
          .where(recordsWhere(db, query, strategy))
      : db
          .select({ id: papers.id })
          .from(papers)
          .where(
            and(search ? inArray(papers.userId, recordsMatching(db, search)) : undefined, RECORD_FILTERS[query.filter]),
          );
  return selectRecords(
    db,
    inArray(
      papers.id,
      pageIds
        .orderBy(...order)
        .limit(literalRows(page.limit))
        .offset(literalRows(page.offset)),
    ),
  ).orderBy(...order);
}

/** A page of rows in an order of the users (by name, or authors without a paper). */
function recordsByUser(db: DbOrTx, where: SQL | undefined, order: readonly SQL[], page: Page) {
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(papers, eq(papers.userId, users.id))
    .where(where)
    .orderBy(...order)
    .limit(literalRows(page.limit))
    .offset(literalRows(page.offset));
  return selectRecords(db, inArray(users.id, pageIds)).orderBy(...order);
}

/** The rows of a table a search starts from: with the matches, what its strategy is chosen from. */
export async function countTableRows(db: DbOrTx, table: 'users' | 'papers'): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table === 'users' ? users : papers);
  return row?.n ?? 0;
}

/** Every search path starts from the papers, except the name order's, which a page of authors leads. */
export const recordsSearchTable = (sort: RecordsQuery['sort']): 'users' | 'papers' =>
  sort === 'name' ? 'users' : 'papers';

export async function records(
  db: DbOrTx,
  query: Pick<RecordsQuery, 'search' | 'filter' | 'sort'>,
  page: Page,
  /** The matches, and the rows of the table a search starts from (recordsSearchTable). */
  scope: SearchScope,
) {
  const strategy = strategyFor(query.search, scope, page);
  const where = recordsWhere(db, query, strategy);
  if (query.sort === 'name') return recordsByUser(db, where, NAME_ORDER, page);
  const order = PAPERS_FIRST_ORDER[query.sort];
  const withPaper = await recordsWithPaper(db, query, order.withPaper, page, strategy);
  // Paid, unpaid, evaluated and pending all describe a paper: authors without one match 'all' only.
  if (withPaper.length === page.limit || query.filter !== 'all') return withPaper;
  // The page passes the last paper: the rest comes from the authors without one, after those
  // on earlier pages (only a page that starts past the last paper needs to count the papers).
  const papersBefore =
    withPaper.length > 0 || page.offset === 0 ? page.offset : await countOf(db, and(where, isNotNull(papers.id)));
  const withoutPaper = await recordsByUser(db, and(where, isNull(papers.id)), order.withoutPaper, {
    limit: page.limit - withPaper.length,
    offset: page.offset - papersBefore,
  });
  return [...withPaper, ...withoutPaper];
}

/**
 * The records table's orders spelled out whole, for one query over every row: the same rows in the
 * same order as the pages of `records` (papers first under the date and score orders).
 */
const RECORDS_FULL_ORDER: Record<RecordsQuery['sort'], SQL[]> = {
  submitted: [
    sql`${papers.submittedAt} desc nulls last`,
    sql`${papers.id} desc nulls last`,
    asc(users.username),
    asc(users.id),
  ],
  score: [...highestFirst(papers.evaluationMarks), asc(users.id)],
  mean: [...highestFirst(papers.reviewMean), asc(users.id)],
  name: NAME_ORDER,
};

const RECORDS_CURSOR = sql.identifier('records_export');

/**
 * Opens, in the transaction given, a cursor over every record of a filter and search in the
 * table's order: an export reads it in batches (fetchRecords) without paging past the rows
 * before, and its memory does not depend on the number of rows. `scope` as for `records`.
 */
export async function openRecordsCursor(
  tx: DbOrTx,
  query: Pick<RecordsQuery, 'search' | 'filter' | 'sort'>,
  scope: SearchScope,
): Promise<void> {
  const strategy = strategyFor(query.search, scope, { offset: 0, limit: scope.matches });
  // Named columns: the raw rows a cursor returns are keyed by the names the query gives them.
  const named = Object.fromEntries(
    Object.entries(recordColumns).map(([name, column]) => [name, sql`${column}`.as(name)]),
  );
  const everyRecord = tx
    .select(named)
    .from(users)
    .leftJoin(papers, eq(papers.userId, users.id))
    .where(recordsWhere(tx, query, strategy))
    .orderBy(...RECORDS_FULL_ORDER[query.sort]);
  await tx.execute(sql`declare ${RECORDS_CURSOR} no scroll cursor for ${everyRecord}`);
}

type RecordOfCursor = Awaited<ReturnType<typeof records>>[number];

/** The next rows of the cursor openRecordsCursor opened; none once every row was read. */
export async function fetchRecords(tx: DbOrTx, rows: number): Promise<RecordOfCursor[]> {
  const fetched = await rowsOf<Record<string, unknown>>(
    tx,
    sql`fetch forward ${sql.raw(String(Math.trunc(rows)))} from ${RECORDS_CURSOR}`,
  );
  // Timestamps come as the driver gives raw values: text or Date, by driver.
  const instant = (value: unknown) => (value === null ? null : new Date(value as string | Date));
  return fetched.map((row) => ({
    ...(row as RecordOfCursor),
    submittedAt: instant(row.submittedAt),
    evaluatedAt: instant(row.evaluatedAt),
  }));
}

async function countOf(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).leftJoin(papers, eq(papers.userId, users.id)).where(where);
  return row?.n ?? 0;
}

/**
 * Without a filter or a search nothing is read from the papers, and papers_user_id_uq lets the
 * planner drop the join: the count is one scan of the users.
 */
export async function countRecords(db: DbOrTx, query: RecordsFilter): Promise<number> {
  return countOf(db, recordsWhere(db, query, 'byIndex'));
}
