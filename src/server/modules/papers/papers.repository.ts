import { and, asc, count, desc, eq, getTableColumns, inArray, max, ne, sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/raw-rows.ts';
import type { DbOrTx } from '@server/db/client.ts';
import {
  adminFiles,
  auditLog,
  paperAuthors,
  papers,
  storedFiles,
  submissionVersions,
} from '@server/db/schema/index.ts';
import type { PaperStatus, SubmissionKind } from '@shared/constants.ts';

/** Kept for the search box to match (drizzle/0008, 0010): no page shows them, and the authors' is long. */
const SEARCH_COLUMNS = ['titleSearch', 'ictacemIdSearch', 'authorsSearch'] as const;
type SearchColumn = (typeof SEARCH_COLUMNS)[number];

/** A paper as read: its columns less those only the search matches on. */
export type PaperRow = Omit<typeof papers.$inferSelect, SearchColumn>;
/** The columns of a PaperRow, to select or return. */
export const paperColumns = Object.fromEntries(
  Object.entries(getTableColumns(papers)).filter(([key]) => !SEARCH_COLUMNS.includes(key as SearchColumn)),
) as Omit<(typeof papers)['_']['columns'], SearchColumn>;
export type PaperInsert = typeof papers.$inferInsert;
export type AuthorRow = typeof paperAuthors.$inferSelect;
export type AdminFileRow = typeof adminFiles.$inferSelect;

export async function countPapersOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(papers).where(eq(papers.userId, userId));
  return row?.n ?? 0;
}

/** Held to the end of the transaction: writers of the same payment ID run one after another. */
export async function lockPaymentId(db: DbOrTx, paymentId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment:${paymentId}`}, 0))`);
}

export async function paymentIdUsedByAnotherPaper(db: DbOrTx, paymentId: string, paperId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: papers.id })
    .from(papers)
    .where(and(eq(papers.paymentId, paymentId), ne(papers.paymentId, ''), ne(papers.id, paperId)))
    .limit(1);
  return row !== undefined;
}

export async function findPaper(db: DbOrTx, id: string): Promise<PaperRow | undefined> {
  const [row] = await db.select(paperColumns).from(papers).where(eq(papers.id, id)).limit(1);
  return row;
}

export async function findPapersOfUser(db: DbOrTx, userId: string): Promise<PaperRow[]> {
  return db.select(paperColumns).from(papers).where(eq(papers.userId, userId)).orderBy(desc(papers.submittedAt));
}

export async function insertPaper(db: DbOrTx, values: typeof papers.$inferInsert): Promise<PaperRow> {
  const [row] = await db.insert(papers).values(values).returning(paperColumns);
  return row!;
}

export async function insertAuthors(
  db: DbOrTx,
  paperId: string,
  authors: { name: string; affiliation: string; address: string }[],
): Promise<void> {
  await db.insert(paperAuthors).values(authors.map((a, position) => ({ paperId, position, ...a })));
}

export async function findAuthorsOfPapers(db: DbOrTx, paperIds: string[]): Promise<AuthorRow[]> {
  if (paperIds.length === 0) return [];
  return db
    .select()
    .from(paperAuthors)
    .where(inArray(paperAuthors.paperId, paperIds))
    .orderBy(asc(paperAuthors.position));
}

export async function findAdminFilesOfPapers(
  db: DbOrTx,
  paperIds: string[],
  onlyVisible: boolean,
): Promise<AdminFileRow[]> {
  if (paperIds.length === 0) return [];
  const scope = inArray(adminFiles.paperId, paperIds);
  return db
    .select()
    .from(adminFiles)
    .where(onlyVisible ? and(scope, eq(adminFiles.visibleToUser, true)) : scope)
    .orderBy(desc(adminFiles.uploadedAt));
}

/** What an admin's view of a paper needs beyond its row. */
export interface AdminPaperRelations {
  authors: AuthorRow[];
  adminFiles: AdminFileRow[];
  /** Reviewer, evaluator and file uploaders by id. */
  usernames: Map<string, string>;
  /** The paper's own deadlines (step and closing instant), from which its deadlines are shown. */
  extensions: PaperExtension[];
  /** Whether a full paper was ever uploaded (a reset one included): the state machine asks it. */
  hasFullPaperVersion: boolean;
  /** The author's chat messages the reader has not read; 0 when no reader is given. */
  unreadAuthorMessages: number;
  /** The committee's reviews that count (COUNTED_REVIEW), and those of them submitted. */
  committeeReviews: { assigned: number; submitted: number };
  /** The decision entered and not yet released (decision-release), null when none is held. */
  heldDecision: HeldDecisionJson | null;
  /** The preflight verdict of the current abstract (passed, warnings, refused); null when never checked. */
  preflight: string | null;
}

/** A held_decisions row as the relations select it: its decider by name, its time as JSON text. */
export interface HeldDecisionJson {
  status: 'abstract_accepted' | 'declined';
  review: string;
  shareReviews: boolean;
  decidedAt: string;
  decidedBy: string | null;
}

export interface PaperExtension {
  step: string;
  closesAt: string;
}

interface AdminFileJson extends Omit<AdminFileRow, 'uploadedAt'> {
  uploadedAt: string;
  uploaderName: string | null;
}

/**
 * A review (r) by a member (m) counts towards its paper's reviews once submitted, or while its
 * reviewer is on the committee: a removed member's unfinished review is nobody's to finish.
 */
export const COUNTED_REVIEW = sql`(r.submitted_at is not null or m.status = 'accepted')`;

// Plain "papers.id" in these: a one-table select leaves columns unqualified (adminRelationColumns).
/** The paper's counted reviews and those of them submitted; both 0 for no paper (a LEFT JOIN's empty side). */
export const COMMITTEE_REVIEW_COUNTS = sql<AdminPaperRelations['committeeReviews']>`(select json_build_object(
    'assigned', count(*) filter (where ${COUNTED_REVIEW}), 'submitted', count(r.submitted_at))
    from committee_reviews r join committee_members m on m.id = r.member_id where r.paper_id = papers.id)`;

/** A counted review of the paper is not submitted yet. */
export const REVIEW_STILL_DUE = sql`exists (select 1 from committee_reviews r join committee_members m on m.id = r.member_id
  where r.paper_id = papers.id and r.submitted_at is null and m.status = 'accepted')`;

/**
 * Everything an admin's view of a paper needs besides its row, as columns of a select from
 * `papers`: the authors, every admin file, the names of the people involved, the paper's own
 * deadlines, whether a full paper was ever uploaded, how many of the committee's reviews are in
 * and, for the paper list, the author's messages `unreadBy` has not read. Selected beside the page's rows (the paper list) or by id:
 * on the embedded database each query costs a round of parsing and planning, and queries queue
 * one behind another.
 */
export function adminRelationColumns(unreadBy?: string) {
  // Plain SQL: in a one-table select the query builder leaves columns unqualified, and inside
  // these subqueries an unqualified "id" would mean the inner table's.
  return {
    authors: sql<AuthorRow[]>`coalesce((select json_agg(json_build_object(
        'id', a.id, 'paperId', a.paper_id, 'position', a.position, 'name', a.name, 'affiliation', a.affiliation, 'address', a.address
      ) order by a.position) from paper_authors a where a.paper_id = papers.id), '[]'::json)`,
    adminFiles: sql<AdminFileJson[]>`coalesce((select json_agg(json_build_object(
        'id', f.id, 'paperId', f.paper_id, 'fileId', f.file_id, 'fileName', f.file_name, 'fileType', f.file_type,
        'description', f.description, 'visibleToUser', f.visible_to_user, 'uploadedBy', f.uploaded_by, 'uploadedAt', f.uploaded_at,
        'uploaderName', (select u.username from users u where u.id = f.uploaded_by)
      ) order by f.uploaded_at desc) from admin_files f where f.paper_id = papers.id), '[]'::json)`,
    // One indexed lookup per name: an OR across several ids would scan every user per paper.
    reviewerName: sql<string | null>`(select u.username from users u where u.id = papers.reviewed_by)`,
    evaluatorName: sql<string | null>`(select u.username from users u where u.id = papers.evaluated_by)`,
    extensions: sql<
      PaperExtension[]
    >`coalesce((select json_agg(json_build_object('step', e.step, 'closesAt', e.closes_at))
        from deadline_extensions e where e.paper_id = papers.id), '[]'::json)`,
    // A paper holding its full paper has one; only the others need the versions looked up.
    hasFullPaperVersion: sql<boolean>`(papers.full_paper_file_id is not null or exists (select 1 from submission_versions v
        where v.paper_id = papers.id and v.kind = 'full_paper'))`,
    unreadAuthorMessages: unreadBy
      ? sql<number>`(select count(*)::int from chat_messages m
          left join chat_read_cursors c on c.paper_id = m.paper_id and c.user_id = ${unreadBy}
          where m.paper_id = papers.id and m.sender_role = 'author'
            and (c.last_read_at is null or m.created_at > c.last_read_at))`
      : sql<number>`0`,
    committeeReviews: COMMITTEE_REVIEW_COUNTS,
    heldDecision: sql<HeldDecisionJson | null>`(select json_build_object('status', h.status, 'review', h.review,
        'shareReviews', h.share_reviews, 'decidedAt', h.decided_at,
        'decidedBy', (select u.username from users u where u.id = h.decided_by))
        from held_decisions h where h.paper_id = papers.id)`,
    preflight: ABSTRACT_PREFLIGHT_VERDICT,
  };
}

/** The stored preflight verdict of a paper's current abstract (pdf_preflights by the file's hash), or null. */
export const ABSTRACT_PREFLIGHT_VERDICT = sql<string | null>`(select pf.verdict from stored_files sf
    join pdf_preflights pf on pf.sha256 = sf.sha256 where sf.id = papers.abstract_file_id)`;

type AdminRelationRow = {
  [K in keyof ReturnType<typeof adminRelationColumns>]: ReturnType<typeof adminRelationColumns>[K]['_']['type'];
};

/**
 * The relations of one paper from its row selected with adminRelationColumns, and who reviewed
 * and evaluated it (the names in the row are theirs). Two arguments rather than one merged copy:
 * on this V8 a spread copy given more properties costs microseconds a row (see presentAdminPaper).
 */
export function adminRelationsOf(
  r: AdminRelationRow,
  paper: Pick<PaperRow, 'reviewedBy' | 'evaluatedBy'>,
): AdminPaperRelations {
  const usernames = new Map<string, string>();
  const known = (id: string | null, name: string | null) => {
    if (id && name !== null) usernames.set(id, name);
  };
  known(paper.reviewedBy, r.reviewerName);
  known(paper.evaluatedBy, r.evaluatorName);
  const files = r.adminFiles.map(({ uploaderName, uploadedAt, ...file }) => {
    known(file.uploadedBy, uploaderName);
    return { ...file, uploadedAt: new Date(uploadedAt) };
  });
  return {
    authors: r.authors,
    adminFiles: files,
    usernames,
    extensions: r.extensions,
    hasFullPaperVersion: r.hasFullPaperVersion,
    unreadAuthorMessages: r.unreadAuthorMessages,
    committeeReviews: r.committeeReviews,
    heldDecision: r.heldDecision,
    preflight: r.preflight,
  };
}

/** The relations of several papers by id, in one query (adminRelationColumns). */
export async function findAdminPaperRelations(
  db: DbOrTx,
  paperIds: string[],
  unreadBy?: string,
): Promise<Map<string, AdminPaperRelations>> {
  if (paperIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: papers.id,
      reviewedBy: papers.reviewedBy,
      evaluatedBy: papers.evaluatedBy,
      ...adminRelationColumns(unreadBy),
    })
    .from(papers)
    .where(inArray(papers.id, paperIds));
  return new Map(rows.map((r) => [r.id, adminRelationsOf(r, r)]));
}

export async function findAdminFile(db: DbOrTx, paperId: string, fileId: string) {
  const [row] = await db
    .select({ file: adminFiles, stored: storedFiles })
    .from(adminFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, adminFiles.fileId))
    .where(and(eq(adminFiles.id, fileId), eq(adminFiles.paperId, paperId)))
    .limit(1);
  return row;
}

/**
 * Adds the next version of a submission as current. Every earlier one still current or reset
 * is superseded by it (a reset version keeps who reset it, when and why).
 */
export async function addSubmissionVersion(
  db: DbOrTx,
  values: { paperId: string; kind: SubmissionKind; fileId: string; fileName: string },
): Promise<number> {
  await db
    .update(submissionVersions)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(submissionVersions.paperId, values.paperId),
        eq(submissionVersions.kind, values.kind),
        inArray(submissionVersions.status, ['current', 'reset_by_admin']),
      ),
    );
  const [latest] = await db
    .select({ version: max(submissionVersions.version) })
    .from(submissionVersions)
    .where(and(eq(submissionVersions.paperId, values.paperId), eq(submissionVersions.kind, values.kind)));
  const version = (latest?.version ?? 0) + 1;
  await db.insert(submissionVersions).values({ ...values, version, status: 'current' });
  return version;
}

/** Writes a paper's columns; only paper-workflow.ts calls it, so every change is a recorded step. */
export async function updatePaperColumns(
  db: DbOrTx,
  id: string,
  values: Partial<PaperInsert>,
  bumpVersion: boolean,
): Promise<PaperRow | undefined> {
  const [row] = await db
    .update(papers)
    .set(bumpVersion ? { ...values, updatedAt: new Date(), version: sql`${papers.version} + 1` } : values)
    .where(eq(papers.id, id))
    .returning(paperColumns);
  return row;
}

export async function hasSubmissionVersion(db: DbOrTx, paperId: string, kind: SubmissionKind): Promise<boolean> {
  const [row] = await db
    .select({ id: submissionVersions.id })
    .from(submissionVersions)
    .where(and(eq(submissionVersions.paperId, paperId), eq(submissionVersions.kind, kind)))
    .limit(1);
  return row !== undefined;
}

/** Of these papers, those with at least one version of `kind` (a reset one included). */
export async function papersWithSubmissionVersion(
  db: DbOrTx,
  paperIds: string[],
  kind: SubmissionKind,
): Promise<Set<string>> {
  if (!paperIds.length) return new Set();
  const rows = await db
    .selectDistinct({ paperId: submissionVersions.paperId })
    .from(submissionVersions)
    .where(and(inArray(submissionVersions.paperId, paperIds), eq(submissionVersions.kind, kind)));
  return new Set(rows.map((r) => r.paperId));
}

export async function insertAuditEntry(db: DbOrTx, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** Rows per statement when a step is written to many papers at once. */
const STEP_BATCH = 2000;

export async function insertAuditEntries(db: DbOrTx, entries: (typeof auditLog.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < entries.length; start += STEP_BATCH)
    await db.insert(auditLog).values(entries.slice(start, start + STEP_BATCH));
}

/** These papers, locked for update in id order (two writers of overlapping sets wait, never deadlock). */
export async function findPapersForUpdate(db: DbOrTx, ids: readonly string[]): Promise<PaperRow[]> {
  const rows: PaperRow[] = [];
  for (let start = 0; start < ids.length; start += STEP_BATCH)
    rows.push(
      ...(await db
        .select(paperColumns)
        .from(papers)
        .where(inArray(papers.id, ids.slice(start, start + STEP_BATCH)))
        .orderBy(asc(papers.id))
        .for('update')),
    );
  return rows;
}

/** One status written to these papers, their version raised: the rows as written. */
export async function updatePapersStatus(db: DbOrTx, ids: readonly string[], status: PaperStatus): Promise<PaperRow[]> {
  const rows: PaperRow[] = [];
  for (let start = 0; start < ids.length; start += STEP_BATCH)
    rows.push(
      ...(await db
        .update(papers)
        .set({ status, updatedAt: new Date(), version: sql`${papers.version} + 1` })
        .where(inArray(papers.id, ids.slice(start, start + STEP_BATCH)))
        .returning(paperColumns)),
    );
  return rows;
}

export async function findPaperForUpdate(db: DbOrTx, id: string): Promise<PaperRow | undefined> {
  const [row] = await db.select(paperColumns).from(papers).where(eq(papers.id, id)).for('update');
  return row;
}

export async function findVersionsOfPaper(db: DbOrTx, paperId: string) {
  return db
    .select()
    .from(submissionVersions)
    .where(eq(submissionVersions.paperId, paperId))
    .orderBy(desc(submissionVersions.version));
}

export async function findVersion(db: DbOrTx, paperId: string, versionId: string, kind: SubmissionKind) {
  const [row] = await db
    .select({ version: submissionVersions, stored: storedFiles })
    .from(submissionVersions)
    .innerJoin(storedFiles, eq(storedFiles.id, submissionVersions.fileId))
    .where(
      and(
        eq(submissionVersions.id, versionId),
        eq(submissionVersions.paperId, paperId),
        eq(submissionVersions.kind, kind),
      ),
    )
    .limit(1);
  return row;
}

export async function markVersionReset(
  db: DbOrTx,
  where: { paperId: string; kind: SubmissionKind; fileId: string },
  reset: { resetBy: string; resetReason: string },
): Promise<void> {
  await db
    .update(submissionVersions)
    .set({ status: 'reset_by_admin', resetBy: reset.resetBy, resetAt: new Date(), resetReason: reset.resetReason })
    .where(
      and(
        eq(submissionVersions.paperId, where.paperId),
        eq(submissionVersions.kind, where.kind),
        eq(submissionVersions.fileId, where.fileId),
      ),
    );
}

export async function findLatestResetVersion(db: DbOrTx, paperId: string, kind: SubmissionKind) {
  const [row] = await db
    .select()
    .from(submissionVersions)
    .where(
      and(
        eq(submissionVersions.paperId, paperId),
        eq(submissionVersions.kind, kind),
        eq(submissionVersions.status, 'reset_by_admin'),
      ),
    )
    .orderBy(desc(submissionVersions.version))
    .limit(1);
  return row;
}

export async function markVersionCurrent(db: DbOrTx, versionId: string): Promise<void> {
  await db
    .update(submissionVersions)
    .set({ status: 'current', resetBy: null, resetAt: null, resetReason: null })
    .where(eq(submissionVersions.id, versionId));
}

export async function findAuditEntriesOfPaper(db: DbOrTx, paperId: string) {
  return db.select().from(auditLog).where(eq(auditLog.paperId, paperId)).orderBy(desc(auditLog.createdAt));
}

export async function insertAdminFile(db: DbOrTx, values: typeof adminFiles.$inferInsert): Promise<AdminFileRow> {
  const [row] = await db.insert(adminFiles).values(values).returning();
  return row!;
}

export async function updateAdminFileVisibility(db: DbOrTx, paperId: string, fileId: string, visibleToUser: boolean) {
  const [row] = await db
    .update(adminFiles)
    .set({ visibleToUser })
    .where(and(eq(adminFiles.id, fileId), eq(adminFiles.paperId, paperId)))
    .returning();
  return row;
}

export async function deleteAdminFile(db: DbOrTx, paperId: string, fileId: string) {
  const [row] = await db
    .delete(adminFiles)
    .where(and(eq(adminFiles.id, fileId), eq(adminFiles.paperId, paperId)))
    .returning();
  return row;
}

export async function countPapersByStatusOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ status: papers.status, n: count() })
    .from(papers)
    .where(eq(papers.userId, userId))
    .groupBy(papers.status);
}

/**
 * Whether a paper's full paper waits for its payment's confirmation: the organisers' setting
 * (fee_settings, modules/fees) requires it and no confirmation is recorded (modules/payments).
 * Read here, from the tables, so that the paper module depends on neither.
 */
export async function awaitsPaymentConfirmation(db: DbOrTx, paperId: string): Promise<boolean> {
  const [row] = await rowsOf<{ waits: boolean }>(
    db,
    sql`select
    coalesce((select full_paper_requires = 'confirmed' from fee_settings where id = 1), false)
    and not exists (select 1 from payment_decisions where paper_id = ${paperId} and state = 'confirmed') as waits`,
  );
  return row?.waits === true;
}
