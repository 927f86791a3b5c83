import {
  AUTOMATIC_CONFLICT_LABELS,
  CONFLICT_TEXTS,
  type ConflictRecordKind,
  unliftableReason,
} from '@shared/domain/conflicts.ts';
import {
  type DeclareConflictBody,
  declareConflictBodySchema,
  type LiftConflictBody,
  liftConflictBodySchema,
  type PaperConflicts,
} from '@shared/schemas/conflicts.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { PAPER_NOT_FOUND } from '@shared/domain/paper-workflow.ts';
import { findUsernames } from '../users/users.repository.ts';
import { type AutomaticConflict, createConflictFinder, type PaperProfile } from './conflict-rules.ts';
import {
  type ConflictRecordRow,
  endConflictRecord,
  findCommitteeForConflicts,
  findConflictRecordsOfPaper,
  findCurrentRecords,
  findCurrentRecordsOfMember,
  findMemberNames,
  findMemberProfiles,
  findPaperProfile,
  insertConflictRecord,
  lockCurrentRecord,
} from './conflicts.repository.ts';
import { freeMailDomains } from './free-mail.ts';

type Ctx = Pick<AppContext, 'db'>;

async function requirePaperProfile(db: DbOrTx, paperId: string): Promise<PaperProfile> {
  const profile = await findPaperProfile(db, paperId);
  if (!profile) throw new AppError('not_found', PAPER_NOT_FOUND);
  return profile;
}

/** The committee (or one member of it) and what automatically ties each to the paper's authors. */
async function automaticConflictsOf(db: DbOrTx, paper: PaperProfile, memberId?: string) {
  const committee = await findCommitteeForConflicts(db, memberId);
  const finder = createConflictFinder(await findMemberProfiles(db, committee), await freeMailDomains());
  return { committee, automatic: finder(paper) };
}

const isDeclared = (kind: ConflictRecordKind | undefined): kind is 'declared_by_member' | 'declared_by_organiser' =>
  kind === 'declared_by_member' || kind === 'declared_by_organiser';

const cannotBeLifted = (automatic: readonly AutomaticConflict[]) =>
  unliftableReason(automatic.map((conflict) => conflict.kind));

/**
 * Conflicted: declared, or found automatically and not lifted. The member's own paper stays
 * conflicted whatever is recorded: a lift recorded before lifting it was refused, or one made
 * while the rules did not see it yet (the address added since), does not count.
 */
function isConflicted(automatic: readonly AutomaticConflict[], record: { kind: ConflictRecordKind } | undefined) {
  if (isDeclared(record?.kind) || cannotBeLifted(automatic) !== null) return true;
  return automatic.length > 0 && record?.kind !== 'lifted';
}

/** Every member's standing with the paper, and the record of declarations and lifts. */
export async function getPaperConflicts(ctx: Ctx, paperId: string): Promise<PaperConflicts> {
  const paper = await requirePaperProfile(ctx.db, paperId);
  const { committee, automatic } = await automaticConflictsOf(ctx.db, paper);
  const records = await findConflictRecordsOfPaper(ctx.db, paperId);
  const current = new Map(records.filter((r) => r.endedAt === null).map((r) => [r.memberId, r]));
  const people = await findUsernames(
    ctx.db,
    records.flatMap((r) => [r.recordedBy, r.endedBy]),
  );
  const memberNames = await findMemberNames(
    ctx.db,
    records.map((r) => r.memberId),
  );
  const presentRecord = (r: ConflictRecordRow) => ({
    kind: r.kind,
    note: r.note,
    recordedBy: (r.recordedBy && people.get(r.recordedBy)) ?? null,
    recordedAt: r.recordedAt.toISOString(),
  });
  return {
    members: committee.map((member) => {
      const found = automatic.get(member.memberId) ?? [];
      const record = current.get(member.memberId);
      return {
        memberId: member.memberId,
        name: member.name,
        email: member.email,
        status: member.status,
        automatic: found.map((c) => ({ kind: c.kind, reason: AUTOMATIC_CONFLICT_LABELS[c.kind](c.detail) })),
        record: record ? presentRecord(record) : null,
        conflicted: isConflicted(found, record),
      };
    }),
    history: records.map((r) => ({
      ...presentRecord(r),
      memberName: memberNames.get(r.memberId) ?? '',
      endedBy: (r.endedBy && people.get(r.endedBy)) ?? null,
      endedAt: r.endedAt?.toISOString() ?? null,
    })),
  };
}

/** A member in the committee (invited or accepted), with what automatically ties them to the paper. */
async function memberAndAutomatic(tx: DbOrTx, paperId: string, memberId: string) {
  const paper = await requirePaperProfile(tx, paperId);
  const { committee, automatic } = await automaticConflictsOf(tx, paper, memberId);
  const [member] = committee;
  if (!member) throw new AppError('not_found', CONFLICT_TEXTS.memberNotFound);
  return { member, automatic: automatic.get(memberId) ?? [] };
}

async function insertOrConflict(tx: DbOrTx, values: Parameters<typeof insertConflictRecord>[1]) {
  // Another organiser's record for the pair was added between the read and this insert.
  if (!(await insertConflictRecord(tx, values))) throw new AppError('conflict', CONFLICT_TEXTS.alreadyConflicted);
}

/** An organiser records a conflict the rules cannot see (a student, a rival, a relative), with a note. */
export async function declareConflict(ctx: Ctx, actor: PublicUser, paperId: string, input: DeclareConflictBody) {
  const body = declareConflictBodySchema.parse(input);
  const name = await ctx.db.transaction(async (tx) => {
    const { member } = await memberAndAutomatic(tx, paperId, body.memberId);
    const current = await lockCurrentRecord(tx, member.memberId, paperId);
    if (isDeclared(current?.kind)) throw new AppError('conflict', CONFLICT_TEXTS.alreadyConflicted);
    // A declaration outweighs an earlier lift: the lift ends with it.
    if (current) await endConflictRecord(tx, current.id, actor._id);
    await insertOrConflict(tx, {
      memberId: member.memberId,
      paperId,
      kind: 'declared_by_organiser',
      note: body.note,
      recordedBy: actor._id,
    });
    return member.name;
  });
  return { message: CONFLICT_TEXTS.declared(name), conflicts: await getPaperConflicts(ctx, paperId) };
}

/** An organiser lifts what the rules found (a common name, a former employer), saying why. */
export async function liftConflict(
  ctx: Ctx,
  actor: PublicUser,
  paperId: string,
  memberId: string,
  input: LiftConflictBody,
) {
  const body = liftConflictBodySchema.parse(input);
  const name = await ctx.db.transaction(async (tx) => {
    const { member, automatic } = await memberAndAutomatic(tx, paperId, memberId);
    const current = await lockCurrentRecord(tx, memberId, paperId);
    if (isDeclared(current?.kind)) throw new AppError('conflict', CONFLICT_TEXTS.declaredNotLifted);
    const unliftable = cannotBeLifted(automatic);
    if (unliftable) throw new AppError('conflict', unliftable);
    if (automatic.length === 0 || current?.kind === 'lifted')
      throw new AppError('conflict', CONFLICT_TEXTS.nothingToLift);
    await insertOrConflict(tx, { memberId, paperId, kind: 'lifted', note: body.reason, recordedBy: actor._id });
    return member.name;
  });
  return { message: CONFLICT_TEXTS.lifted(name), conflicts: await getPaperConflicts(ctx, paperId) };
}

/**
 * Ends the organisers' record in force: a declared conflict is withdrawn, a lifted one applies
 * again. A member's own declaration is theirs to withdraw.
 */
export async function undoConflictRecord(
  ctx: Ctx,
  actor: PublicUser,
  paperId: string,
  memberId: string,
  expected: 'declared_by_organiser' | 'lifted',
) {
  const name = await ctx.db.transaction(async (tx) => {
    const { member } = await memberAndAutomatic(tx, paperId, memberId);
    const current = await lockCurrentRecord(tx, memberId, paperId);
    if (current?.kind === 'declared_by_member') throw new AppError('conflict', CONFLICT_TEXTS.declaredByMember);
    if (current?.kind !== expected) throw new AppError('conflict', CONFLICT_TEXTS.nothingToWithdraw);
    await endConflictRecord(tx, current.id, actor._id);
    return member.name;
  });
  const message = expected === 'lifted' ? CONFLICT_TEXTS.restored(name) : CONFLICT_TEXTS.withdrawn(name);
  return { message, conflicts: await getPaperConflicts(ctx, paperId) };
}

export type MemberConflictKind = 'automatic' | 'declared_by_member' | 'declared_by_organiser';

/**
 * Among these papers, those the member is conflicted with, and how: found automatically (and
 * not lifted), or declared by the member or an organiser.
 */
export async function conflictsOfMember(
  db: DbOrTx,
  memberId: string,
  papers: readonly PaperProfile[],
): Promise<Map<string, MemberConflictKind>> {
  const committee = await findCommitteeForConflicts(db, memberId);
  const finder = createConflictFinder(await findMemberProfiles(db, committee), await freeMailDomains());
  const records = await findCurrentRecordsOfMember(db, memberId);
  const conflicted = new Map<string, MemberConflictKind>();
  for (const paper of papers) {
    const record = records.get(paper.paperId);
    if (!isConflicted(finder(paper).get(memberId) ?? [], record)) continue;
    conflicted.set(paper.paperId, isDeclared(record?.kind) ? record.kind : 'automatic');
  }
  return conflicted;
}

/**
 * Every member's conflicts among these papers, by member: what assignment must never break. The
 * rules are built once for the whole committee, however many papers are asked about.
 */
export async function conflictsOfCommittee(
  db: DbOrTx,
  papers: readonly PaperProfile[],
): Promise<Map<string, Set<string>>> {
  const finder = createConflictFinder(
    await findMemberProfiles(db, await findCommitteeForConflicts(db)),
    await freeMailDomains(),
  );
  const records = new Map<string, ConflictRecordRow>();
  for (const record of await findCurrentRecords(db)) records.set(`${record.memberId} ${record.paperId}`, record);
  const conflicted = new Map<string, Set<string>>();
  const add = (memberId: string, paperId: string) => {
    const set = conflicted.get(memberId) ?? new Set<string>();
    set.add(paperId);
    conflicted.set(memberId, set);
  };
  for (const paper of papers) {
    const automatic = finder(paper);
    for (const [memberId, found] of automatic)
      if (isConflicted(found, records.get(`${memberId} ${paper.paperId}`))) add(memberId, paper.paperId);
  }
  // Declared conflicts stand whatever the rules find.
  const asked = new Set(papers.map((paper) => paper.paperId));
  for (const record of records.values())
    if (isDeclared(record.kind) && asked.has(record.paperId)) add(record.memberId, record.paperId);
  return conflicted;
}

/** A member's "Conflict" bid: a declaration in their name; an organiser's earlier lift ends with it. */
export async function recordMemberDeclaration(tx: DbOrTx, memberId: string, paperId: string, userId: string) {
  const current = await lockCurrentRecord(tx, memberId, paperId);
  if (isDeclared(current?.kind)) return;
  if (current) await endConflictRecord(tx, current.id, userId);
  await insertOrConflict(tx, { memberId, paperId, kind: 'declared_by_member', recordedBy: userId });
}

/** A member's bid other than "Conflict": their own declaration, if they had made one, ends. */
export async function endMemberDeclaration(tx: DbOrTx, memberId: string, paperId: string, userId: string) {
  const current = await lockCurrentRecord(tx, memberId, paperId);
  if (current?.kind === 'declared_by_member') await endConflictRecord(tx, current.id, userId);
}
