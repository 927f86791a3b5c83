import type { NotMyAreaReason } from '@shared/domain/assignment.ts';
import type { PreferenceBid } from '@shared/domain/bidding.ts';
import { FlowNetwork } from './min-cost-flow.ts';

export type ReviewBid = PreferenceBid;

export interface AssignmentMember {
  memberId: string;
  themes: readonly string[];
  /** How many more papers they may take: their maximum less what they already review. */
  capacity: number;
}

export interface AssignmentPaper {
  paperId: string;
  theme: string;
  /** Reviewers still to find for it. */
  needed: number;
}

export interface AssignmentProblem {
  members: readonly AssignmentMember[];
  papers: readonly AssignmentPaper[];
  /** Pairs never to assign: conflicts of interest, and a member already reviewing the paper. */
  excluded: ReadonlySet<string>;
  /** Bids by `pairKey(memberId, paperId)`; a pair without one counts as no opinion. */
  bids: ReadonlyMap<string, ReviewBid>;
}

/** The new pairs of a plan counted by what their members said, and how many are in their themes. */
export interface PlanFit {
  eager: number;
  willing: number;
  noBid: number;
  notMyArea: number;
  themeMatches: number;
}

export interface AssignmentPlan {
  assignments: { memberId: string; paperId: string }[];
  /** Papers left with fewer reviewers than needed, and how many they lack. */
  short: { paperId: string; missing: number }[];
  fit: PlanFit;
  /** Every "Not my area" pair of the plan: no plan placing as many reviews has fewer. */
  notMyArea: { memberId: string; paperId: string; reason: NotMyAreaReason }[];
  /**
   * The optimisation's cost (weighted by `objectiveWeights`), and the linear programme's lower
   * bound on it: equal when the plan is optimal, which the weights make lexicographically optimal.
   */
  cost: number;
  lowerBound: number;
}

export const pairKey = (memberId: string, paperId: string) => `${memberId} ${paperId}`;

/**
 * What a pair costs on each criterion below coverage, in the order organisers rank them: a
 * "Not my area" pair, a pair that is not Eager, one neither Eager nor Willing, one outside the
 * member's themes. Loads come last: a member's k-th new paper costs k.
 */
export interface ObjectiveWeights {
  notMyArea: number;
  notEager: number;
  neitherEagerNorWilling: number;
  noThemeMatch: number;
}

/** Papers a member can be given at most: their capacity, and no more than the papers to review. */
const loadArcsOf = (member: AssignmentMember, papersToReview: number) =>
  Math.max(0, Math.min(member.capacity, papersToReview));

/**
 * Weights that make the one cost lexicographic. Two maximum flows differ by simple cycles of
 * the residual network, so the cheaper flow under the weights is the lexicographically better
 * one as long as every cycle that is better on the first criterion where it differs also costs
 * less. On a simple cycle, each member node has one outgoing arc, so at most
 * n = min(members, papers) of its pairs are added (+1 on a criterion; removed pairs count −1),
 * and at most one load arc is added (at most `loadStep`). A criterion's weight is therefore
 * (n + 1) times the next one's, and a theme match's is loadStep + 1: one unit of a criterion
 * outweighs n units of each below it and the largest change of load cost together.
 */
export function objectiveWeights(problem: AssignmentProblem): ObjectiveWeights {
  const papersToReview = problem.papers.filter((paper) => paper.needed > 0).length;
  const members = problem.members.filter((member) => loadArcsOf(member, papersToReview) > 0);
  const n = Math.min(members.length, papersToReview);
  const loadStep = Math.max(0, ...members.map((member) => loadArcsOf(member, papersToReview) - 1));
  const noThemeMatch = loadStep + 1;
  const neitherEagerNorWilling = (n + 1) * noThemeMatch;
  const notEager = (n + 1) * neitherEagerNorWilling;
  const notMyArea = (n + 1) * notEager;
  // Costs are doubles: every path's cost, the potentials and the total must stay exact integers.
  const largestArc = notMyArea + notEager + neitherEagerNorWilling + noThemeMatch + loadStep;
  const reviewsWanted = problem.papers.reduce((sum, paper) => sum + Math.max(0, paper.needed), 0);
  if (2 * Math.max(reviewsWanted, n + 1) * largestArc > Number.MAX_SAFE_INTEGER)
    throw new RangeError(
      `${members.length} members and ${papersToReview} papers are too many to weigh the criteria exactly in one optimisation.`,
    );
  return { notMyArea, notEager, neitherEagerNorWilling, noThemeMatch };
}

/** A pair's cost under the weights: zero for an Eager bid in the member's themes. */
export function pairCost(
  weights: ObjectiveWeights,
  member: AssignmentMember,
  paper: AssignmentPaper,
  bid: ReviewBid | undefined,
): number {
  const byBid =
    bid === 'eager'
      ? 0
      : bid === 'willing'
        ? weights.notEager
        : weights.notEager + weights.neitherEagerNorWilling + (bid === 'not_my_area' ? weights.notMyArea : 0);
  return byBid + (member.themes.includes(paper.theme) ? 0 : weights.noThemeMatch);
}

/**
 * The assignment as a minimum-cost maximum flow (the formulation HotCRP uses): source → member
 * (one arc per paper they may take, the k-th costing k, so that loads even out), member → paper
 * (capacity 1, costing the pair's distance from an Eager bid in the member's themes), paper →
 * sink (as many as it needs). The most reviews possible are placed first; among those, the
 * weights (`objectiveWeights`) rank the rest lexicographically: the fewest "Not my area" pairs,
 * then the most Eager, the most Willing, the most theme matches, the evenest loads. Excluded
 * pairs have no arc at all, so no solution can break a conflict or a maximum.
 */
export function planAssignment(problem: AssignmentProblem): AssignmentPlan {
  const { members, papers } = problem;
  const weights = objectiveWeights(problem);
  const papersToReview = papers.filter((paper) => paper.needed > 0).length;
  const source = 0;
  const memberNode = (m: number) => 1 + m;
  const paperNode = (p: number) => 1 + members.length + p;
  const sink = 1 + members.length + papers.length;
  const loadArcs = members.reduce((sum, member) => sum + loadArcsOf(member, papersToReview), 0);
  const network = new FlowNetwork(sink + 1, loadArcs + members.length * papers.length + papers.length);

  members.forEach((member, m) => {
    for (let k = 0; k < loadArcsOf(member, papersToReview); k++) network.addArc(source, memberNode(m), 1, k);
  });
  // Which arc joins which member and paper, in typed arrays: a million pairs stay a few megabytes.
  const pairArc = new Int32Array(members.length * papers.length);
  const pairMember = new Int32Array(pairArc.length);
  const pairPaper = new Int32Array(pairArc.length);
  let pairs = 0;
  members.forEach((member, m) => {
    papers.forEach((paper, p) => {
      if (paper.needed <= 0 || member.capacity <= 0) return;
      const key = pairKey(member.memberId, paper.paperId);
      if (problem.excluded.has(key)) return;
      pairArc[pairs] = network.addArc(
        memberNode(m),
        paperNode(p),
        1,
        pairCost(weights, member, paper, problem.bids.get(key)),
      );
      pairMember[pairs] = m;
      pairPaper[pairs++] = p;
    });
  });
  papers.forEach((paper, p) => {
    if (paper.needed > 0) network.addArc(paperNode(p), sink, paper.needed, 0);
  });

  const { flow, cost } = network.solve(source, sink);
  const assignments: AssignmentPlan['assignments'] = [];
  const found = new Array<number>(papers.length).fill(0);
  const fit: PlanFit = { eager: 0, willing: 0, noBid: 0, notMyArea: 0, themeMatches: 0 };
  const notMyAreaPairs: [member: number, paper: number][] = [];
  for (let i = 0; i < pairs; i++) {
    if (network.flowOn(pairArc[i]!) === 0) continue;
    const m = pairMember[i]!;
    const p = pairPaper[i]!;
    const member = members[m]!;
    const paper = papers[p]!;
    assignments.push({ memberId: member.memberId, paperId: paper.paperId });
    const bid = problem.bids.get(pairKey(member.memberId, paper.paperId));
    if (bid === 'eager') fit.eager += 1;
    else if (bid === 'willing') fit.willing += 1;
    else if (bid === 'not_my_area') fit.notMyArea += 1;
    else fit.noBid += 1;
    if (bid === 'not_my_area') notMyAreaPairs.push([m, p]);
    if (member.themes.includes(paper.theme)) fit.themeMatches += 1;
    found[p]! += 1;
  }
  const short = papers
    .map((paper, p) => ({ paperId: paper.paperId, missing: Math.max(0, paper.needed) - found[p]! }))
    .filter((paper) => paper.missing > 0);

  // Another member could take the paper instead without the same bid: neither excluded, nor
  // already given it by the plan, nor "Not my area" too. An optimal plan leaves none of them room
  // (moving the paper to one would place as many reviews with one "Not my area" pair fewer).
  const planned = new Set(assignments.map((pair) => pairKey(pair.memberId, pair.paperId)));
  const notMyArea = notMyAreaPairs.map(([m, p]) => {
    const paperId = papers[p]!.paperId;
    const couldTakeIt = members.some((other) => {
      const key = pairKey(other.memberId, paperId);
      return !problem.excluded.has(key) && !planned.has(key) && problem.bids.get(key) !== 'not_my_area';
    });
    const reason: NotMyAreaReason = couldTakeIt ? 'others_at_maximum' : 'no_other_member';
    return { memberId: members[m]!.memberId, paperId, reason };
  });
  return { assignments, short, fit, notMyArea, cost, lowerBound: network.dualBound(source, sink, flow) };
}
