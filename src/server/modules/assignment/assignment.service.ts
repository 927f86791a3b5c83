import { ASSIGNABLE_STATUSES, ASSIGNMENT_TEXTS, type ReviewState } from '@shared/domain/assignment.ts';
import type { Bid } from '@shared/domain/bidding.ts';
import {
  type ApplyPlanBody,
  type AssignableMember as AssignableMemberView,
  applyPlanBodySchema,
  type AssignmentPlanView,
  type AssignReviewersBody,
  assignReviewersBodySchema,
  type AutomaticAssignmentBody,
  automaticAssignmentBodySchema,
  type PaperReviewers,
} from '@shared/schemas/assignment.ts';
import type { MemberConflict } from '@shared/schemas/conflicts.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { AppError } from '@server/lib/app-error.ts';
import { groupBy } from '@server/lib/group-by.ts';
import { transactionThenMail } from '@server/mail/transaction-then-mail.ts';
import {
  findMemberNames,
  findPaperProfilesByIds,
  findPaperProfilesByStatus,
} from '../conflicts/conflicts.repository.ts';
import { noticeAssigned, noticeUnassigned } from '../committee-notices/committee-notices.service.ts';
import { conflictsOfCommittee, conflictsOfMember, getPaperConflicts } from '../conflicts/conflicts.service.ts';
import { applyPaperStepToMany } from '../papers/paper-workflow.ts';
import {
  type AssignableMember,
  countLoads,
  type AssignedPair,
  deleteAssignment,
  findAcceptedMembers,
  findAssignablePapers,
  findAssignedPairs,
  findBids,
  findPaperForAssignment,
  findReviewsOfPaper,
  insertAssignments,
  insertTimelineEntries,
  lockMembers,
  lockPapersForAssignment,
  saveLastReviewerNumbers,
} from './assignment.repository.ts';
import { type AssignmentProblem, pairKey, type ReviewBid } from './plan-assignment.ts';
import { planInWorker } from './plan-in-worker.ts';
import { currentConference } from '@shared/conference.ts';
import { bulletList, countOf, renderMail, siteLink } from '../mail-templates/mail-rendering.ts';

type Ctx = Pick<AppContext, 'db' | 'outbox' | 'log' | 'config'>;
interface Pair {
  memberId: string;
  paperId: string;
}

/** A reviewer counts towards a paper's number while they can still review it, or once they have. */
const countsTowardsQuota = (pair: AssignedPair, conflicts: ReadonlyMap<string, ReadonlySet<string>>) =>
  pair.submitted || (pair.memberStatus === 'accepted' && !conflicts.get(pair.memberId)?.has(pair.paperId));

const isAssignable = (status: string) => (ASSIGNABLE_STATUSES as readonly string[]).includes(status);

function reviewStateOf(review: { draftSavedAt: Date | null; submittedAt: Date | null }): ReviewState {
  if (review.submittedAt) return 'submitted';
  return review.draftSavedAt ? 'draft' : 'not_started';
}

/** Why a conflicted member cannot take the paper, as the organiser reads it. */
function conflictReason(member: MemberConflict): string {
  if (member.record?.kind === 'declared_by_member') return ASSIGNMENT_TEXTS.declaredByMember;
  if (member.record?.kind === 'declared_by_organiser') return ASSIGNMENT_TEXTS.declaredByOrganiser(member.record.note);
  return member.automatic.map((conflict) => conflict.reason).join('; ');
}

/**
 * "Assign reviewers" on a paper: every accepted member with their load, bid, theme and conflict,
 * and anyone else who has a review of it (a member since removed from the committee).
 */
export async function getPaperReviewers(ctx: Pick<AppContext, 'db'>, paperId: string): Promise<PaperReviewers> {
  const paper = await findPaperForAssignment(ctx.db, paperId);
  if (!paper) throw new AppError('not_found', ASSIGNMENT_TEXTS.paperNotFound);
  const conflicts = new Map((await getPaperConflicts(ctx, paperId)).members.map((m) => [m.memberId, m]));
  const accepted = await findAcceptedMembers(ctx.db);
  const loads = await countLoads(ctx.db);
  const paperReviews = await findReviewsOfPaper(ctx.db, paperId);
  const reviews = new Map(paperReviews.map((r) => [r.memberId, r]));
  const acceptedIds = new Set(accepted.map((member) => member.id));
  const members = [...accepted, ...paperReviews.filter((review) => !acceptedIds.has(review.id))];
  const bids = new Map((await findBids(ctx.db, paperId)).map((b) => [b.memberId, b.bid]));
  return {
    assignable: isAssignable(paper.status),
    members: members.map((member) => {
      const conflict = conflicts.get(member.id);
      const review = reviews.get(member.id);
      const bid: Bid | null =
        conflict?.record?.kind === 'declared_by_member' ? 'conflict' : (bids.get(member.id) ?? null);
      return {
        memberId: member.id,
        name: member.name,
        memberStatus: member.status,
        themes: member.themes,
        maxPapers: member.maxPapers,
        load: loads.get(member.id) ?? 0,
        bid,
        themeMatch: member.themes.includes(paper.theme),
        conflict: conflict?.conflicted ? conflictReason(conflict) : null,
        assigned: Boolean(review),
        reviewState: review ? reviewStateOf(review) : null,
      };
    }),
  };
}

/** The accepted members with their loads, for "Assign reviewers" on a selection of papers. */
export async function listAssignableMembers(ctx: Pick<AppContext, 'db'>): Promise<AssignableMemberView[]> {
  const loads = await countLoads(ctx.db);
  return (await findAcceptedMembers(ctx.db)).map((member) => ({
    memberId: member.id,
    name: member.name,
    themes: member.themes,
    maxPapers: member.maxPapers,
    load: loads.get(member.id) ?? 0,
  }));
}

/** One e-mail per member with every paper they were just given. */
async function queueAssignmentMails(
  ctx: Ctx,
  tx: DbOrTx,
  members: Map<string, AssignableMember>,
  titles: Map<string, string>,
  placed: readonly Pair[],
  queuedBy: string,
): Promise<void> {
  for (const [memberId, pairs] of groupBy(placed, (pair) => pair.memberId)) {
    const paperIds = pairs.map((pair) => pair.paperId);
    const member = members.get(memberId)!;
    const mail = await renderMail(tx, 'reviews_assigned', {
      conference: currentConference().shortName,
      name: member.name,
      paperCount: countOf(paperIds.length, 'paper', 'papers'),
      thesePapers: paperIds.length === 1 ? 'this paper' : `these ${paperIds.length} papers`,
      papers: bulletList(paperIds.map((paperId) => titles.get(paperId)!)),
      reviewsLink: siteLink(ctx.config, 'reviews'),
    });
    await ctx.outbox.enqueue(tx, {
      kind: 'assignment',
      queuedBy,
      to: member.email,
      subject: mail.subject,
      text: mail.text,
    });
  }
}

/**
 * Places reviews in one transaction, checking every rule under lock: accepted members, papers
 * being decided, no conflict, no maximum passed. A pair already placed is skipped by hand and
 * refuses a plan (which was made for a committee that has changed since).
 */
async function placeAssignments(
  ctx: Ctx,
  actor: PublicUser,
  requested: readonly Pair[],
  plan: AutomaticAssignmentBody | null,
) {
  const automatic = plan !== null;
  const pairs = [...new Map(requested.map((pair) => [pairKey(pair.memberId, pair.paperId), pair])).values()];
  const memberIds = [...new Set(pairs.map((pair) => pair.memberId))];
  const paperIds = [...new Set(pairs.map((pair) => pair.paperId))];
  return transactionThenMail(ctx, async (tx) => {
    const members = new Map((await lockMembers(tx, memberIds)).map((member) => [member.id, member]));
    if (members.size !== memberIds.length) throw new AppError('not_found', ASSIGNMENT_TEXTS.memberNotFound);
    for (const member of members.values())
      if (member.status !== 'accepted') throw new AppError('conflict', ASSIGNMENT_TEXTS.notAMember(member.name));
    const paperRows = await lockPapersForAssignment(tx, paperIds, 'update');
    if (paperRows.length !== paperIds.length) throw new AppError('not_found', ASSIGNMENT_TEXTS.paperNotFound);
    for (const paper of paperRows)
      if (!isAssignable(paper.status)) throw new AppError('conflict', ASSIGNMENT_TEXTS.paperDecided(paper.title));
    const titles = new Map(paperRows.map((paper) => [paper.id, paper.title]));

    const assigned = await findAssignedPairs(tx, paperIds);
    const existing = new Set(assigned.map((p) => pairKey(p.memberId, p.paperId)));
    const fresh = pairs.filter((pair) => !existing.has(pairKey(pair.memberId, pair.paperId)));
    if (automatic && fresh.length !== pairs.length) throw new AppError('conflict', ASSIGNMENT_TEXTS.planStale);
    const conflicts = await conflictsOfCommittee(tx, await findPaperProfilesByIds(tx, paperIds));
    // A plan was made for the reviewers papers had then: one given more since (by hand, by another
    // plan) would pass its number, so the plan is refused whole.
    if (plan) {
      const counted = new Map<string, number>();
      const add = (paperId: string) => counted.set(paperId, (counted.get(paperId) ?? 0) + 1);
      if (plan.onlyFillMissing) for (const pair of assigned) if (countsTowardsQuota(pair, conflicts)) add(pair.paperId);
      for (const pair of fresh) add(pair.paperId);
      if ([...counted.values()].some((reviewers) => reviewers > plan.reviewsPerPaper))
        throw new AppError('conflict', ASSIGNMENT_TEXTS.planStale);
    }
    for (const pair of fresh)
      if (conflicts.get(pair.memberId)?.has(pair.paperId))
        throw new AppError(
          'conflict',
          ASSIGNMENT_TEXTS.conflicted(members.get(pair.memberId)!.name, titles.get(pair.paperId)!),
        );
    const loads = await countLoads(tx, memberIds);
    for (const pair of fresh) loads.set(pair.memberId, (loads.get(pair.memberId) ?? 0) + 1);
    for (const member of members.values())
      if ((loads.get(member.id) ?? 0) > member.maxPapers)
        throw new AppError('conflict', ASSIGNMENT_TEXTS.overMaximum(member.name, member.maxPapers));

    // Each new reviewer takes the paper's next number, under the paper's lock: never one given before.
    const lastNumber = new Map(paperRows.map((paper) => [paper.id, paper.lastReviewerNumber]));
    const numbered = fresh.map((pair) => {
      const reviewerNumber = lastNumber.get(pair.paperId)! + 1;
      lastNumber.set(pair.paperId, reviewerNumber);
      return { ...pair, reviewerNumber, assignedBy: actor._id, automatic };
    });
    const placed = await insertAssignments(tx, numbered);
    if (automatic && placed.length !== fresh.length) throw new AppError('conflict', ASSIGNMENT_TEXTS.planStale);
    const placedPapers = [...new Set(placed.map((pair) => pair.paperId))];
    await saveLastReviewerNumbers(tx, placedPapers);
    await insertTimelineEntries(
      tx,
      placed.map((pair) => ({
        actorId: actor._id,
        action: 'reviewer_assigned',
        paperId: pair.paperId,
        details: {
          memberId: pair.memberId,
          reviewer: members.get(pair.memberId)!.name,
          reviewerNumber: pair.reviewerNumber,
          automatic,
        },
      })),
    );
    // A paper's first reviewer starts its review, through its state machine; the author is not told.
    const awaiting = new Set(paperRows.filter((paper) => paper.status === 'review_awaited').map((paper) => paper.id));
    await applyPaperStepToMany(
      tx,
      placedPapers.filter((paperId) => awaiting.has(paperId)),
      { actor, action: { type: 'reviewers_assigned' } },
    );
    await queueAssignmentMails(ctx, tx, members, titles, placed, actor._id);
    await noticeAssigned(tx, placed, titles);
    return { placed, skipped: pairs.length - placed.length, mailed: ctx.outbox.canSend };
  });
}

function assignedMessage(result: Awaited<ReturnType<typeof placeAssignments>>): string {
  const members = new Set(result.placed.map((pair) => pair.memberId)).size;
  return (
    ASSIGNMENT_TEXTS.assigned(result.placed.length, members, result.mailed) +
    (result.skipped > 0 && result.placed.length > 0 ? ASSIGNMENT_TEXTS.alreadyAssigned(result.skipped) : '')
  );
}

/** "Assign reviewers", on one paper or a selection: every chosen member reviews every chosen paper. */
export async function assignReviewers(ctx: Ctx, actor: PublicUser, input: AssignReviewersBody) {
  const { paperIds, memberIds } = assignReviewersBodySchema.parse(input);
  const pairs = paperIds.flatMap((paperId) => memberIds.map((memberId) => ({ memberId, paperId })));
  return { message: assignedMessage(await placeAssignments(ctx, actor, pairs, null)) };
}

/**
 * Takes a paper back from a member: never a submitted review; a draft only from a member who can
 * no longer finish it (removed from the committee, or conflicted since).
 */
export async function unassignReviewer(ctx: Ctx, actor: PublicUser, paperId: string, memberId: string) {
  const name = await ctx.db.transaction(async (tx) => {
    const [member] = await lockMembers(tx, [memberId]);
    if (!member) throw new AppError('not_found', ASSIGNMENT_TEXTS.memberNotFound);
    const profiles = await findPaperProfilesByIds(tx, [paperId]);
    if (profiles.length === 0) throw new AppError('not_found', ASSIGNMENT_TEXTS.paperNotFound);
    const canFinish = member.status === 'accepted' && !(await conflictsOfMember(tx, memberId, profiles)).has(paperId);
    const taken = await deleteAssignment(tx, memberId, paperId, !canFinish);
    if (!taken) {
      const review = (await findReviewsOfPaper(tx, paperId)).find((r) => r.memberId === memberId);
      throw new AppError(
        'conflict',
        !review
          ? ASSIGNMENT_TEXTS.notAssigned(member.name)
          : review.submittedAt
            ? ASSIGNMENT_TEXTS.reviewSubmitted(member.name)
            : ASSIGNMENT_TEXTS.reviewStarted(member.name),
      );
    }
    await insertTimelineEntries(tx, [
      {
        actorId: actor._id,
        action: 'reviewer_unassigned',
        paperId,
        details: { memberId, reviewer: member.name, reviewerNumber: taken.reviewerNumber },
      },
    ]);
    await noticeUnassigned(tx, memberId, paperId);
    return member.name;
  });
  return { message: ASSIGNMENT_TEXTS.unassigned(name) };
}

/**
 * The planner's problem for every paper being decided, read from the database: each member may
 * take their maximum less what they already review; pairs with a conflict, or already placed,
 * are excluded.
 */
export async function loadAssignmentProblem(
  ctx: Pick<AppContext, 'db'>,
  { reviewsPerPaper, onlyFillMissing }: { reviewsPerPaper: number; onlyFillMissing: boolean },
) {
  const members = await findAcceptedMembers(ctx.db);
  const papers = await findAssignablePapers(ctx.db);
  const loads = await countLoads(ctx.db);
  const assigned = await findAssignedPairs(ctx.db);
  const conflicts = await conflictsOfCommittee(ctx.db, await findPaperProfilesByStatus(ctx.db, ASSIGNABLE_STATUSES));
  const excluded = new Set(assigned.map((pair) => pairKey(pair.memberId, pair.paperId)));
  // The reviewers each paper counts already, by paper.
  const reviewersOf = groupBy(
    assigned.filter((pair) => countsTowardsQuota(pair, conflicts)),
    (pair) => pair.paperId,
  );
  for (const [memberId, paperIds] of conflicts)
    for (const paperId of paperIds) excluded.add(pairKey(memberId, paperId));
  const bids = new Map<string, ReviewBid>();
  for (const bid of await findBids(ctx.db)) bids.set(pairKey(bid.memberId, bid.paperId), bid.bid);

  const needed = (paperId: string) =>
    onlyFillMissing ? Math.max(0, reviewsPerPaper - (reviewersOf.get(paperId)?.length ?? 0)) : reviewsPerPaper;
  const problem: AssignmentProblem = {
    members: members.map((m) => ({
      memberId: m.id,
      themes: m.themes,
      capacity: Math.max(0, m.maxPapers - (loads.get(m.id) ?? 0)),
    })),
    papers: papers.map((paper) => ({ paperId: paper.id, theme: paper.theme, needed: needed(paper.id) })),
    excluded,
    bids,
  };
  return { problem, members, papers, loads, reviewersOf, needed };
}

/** "Assign automatically": the optimal plan, shown before anything is applied. */
export async function planAutomaticAssignment(
  ctx: Pick<AppContext, 'db'>,
  input: AutomaticAssignmentBody,
): Promise<AssignmentPlanView> {
  const settings = automaticAssignmentBodySchema.parse(input);
  const { reviewsPerPaper, onlyFillMissing } = settings;
  const { problem, members, papers, loads, reviewersOf, needed } = await loadAssignmentProblem(ctx, settings);
  const { excluded } = problem;
  const plan = await planInWorker(problem);

  // Reviewers already counted may include a former member whose review was submitted.
  const names = await findMemberNames(
    ctx.db,
    [...reviewersOf.values()].flat().map((pair) => pair.memberId),
  );
  for (const m of members) names.set(m.id, m.name);
  const newOf = groupBy(plan.assignments, (pair) => pair.paperId);
  const newPapersOf = groupBy(plan.assignments, (pair) => pair.memberId);
  const missing = new Map(plan.short.map((paper) => [paper.paperId, paper.missing]));
  const paperById = new Map(papers.map((paper) => [paper.id, paper]));
  const named = (paperId: string) => {
    const paper = paperById.get(paperId)!;
    return { paperId, title: paper.title, theme: paper.theme };
  };
  return {
    reviewsPerPaper,
    onlyFillMissing,
    members: members.map((m) => ({
      memberId: m.id,
      name: m.name,
      maxPapers: m.maxPapers,
      currentLoad: loads.get(m.id) ?? 0,
      newPapers: (newPapersOf.get(m.id) ?? []).map((pair) => named(pair.paperId)),
    })),
    papers: papers.map((paper) => {
      const short = missing.get(paper.id) ?? 0;
      // Counted for the few papers left short only.
      const eligible = short === 0 ? 0 : members.filter((m) => !excluded.has(pairKey(m.id, paper.id))).length;
      const reviewer =
        (isNew: boolean) =>
        ({ memberId }: { memberId: string }) => ({ memberId, name: names.get(memberId) ?? '', isNew });
      return {
        ...named(paper.id),
        reviewers: [
          ...(reviewersOf.get(paper.id) ?? []).map(reviewer(false)),
          ...(newOf.get(paper.id) ?? []).map(reviewer(true)),
        ],
        missing: short,
        shortReason:
          short === 0
            ? null
            : eligible < needed(paper.id)
              ? ASSIGNMENT_TEXTS.shortOfEligible(eligible)
              : ASSIGNMENT_TEXTS.shortOfCapacity,
      };
    }),
    assignments: plan.assignments,
    fit: plan.fit,
    notMyArea: plan.notMyArea.map(({ memberId, paperId, reason }) => ({
      memberId,
      name: names.get(memberId) ?? '',
      paperId,
      title: paperById.get(paperId)!.title,
      reason: ASSIGNMENT_TEXTS.notMyAreaReason[reason],
    })),
    cost: plan.cost,
    lowerBound: plan.lowerBound,
  };
}

/** Applies a plan as it was shown, in one transaction, or nothing if the committee has changed. */
export async function applyAssignmentPlan(ctx: Ctx, actor: PublicUser, input: ApplyPlanBody) {
  const { assignments, ...settings } = applyPlanBodySchema.parse(input);
  return { message: assignedMessage(await placeAssignments(ctx, actor, assignments, settings)) };
}
