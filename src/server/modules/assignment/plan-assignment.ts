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

export interface AssignmentPlan {
  assignments: { memberId: string; paperId: string }[];
  /** Papers left with fewer reviewers than needed, and how many they lack. */
  short: { paperId: string; missing: number }[];
  /** How well the reviewers fit their papers: the sum of each pair's preference (PREFERENCE). */
  preference: number;
  /** The optimisation's cost, and the linear programme's lower bound on it: equal when optimal. */
  cost: number;
  lowerBound: number;
}

export const pairKey = (memberId: string, paperId: string) => `${memberId} ${paperId}`;

/** A pair's preference: what the member said, plus a match of the paper's theme with theirs. */
export const PREFERENCE = { eager: 4, willing: 3, none: 1, not_my_area: 0, themeMatch: 2 } as const;
const BEST = PREFERENCE.eager + PREFERENCE.themeMatch;

export function preferenceOf(member: AssignmentMember, paper: AssignmentPaper, bid: ReviewBid | undefined): number {
  return PREFERENCE[bid ?? 'none'] + (member.themes.includes(paper.theme) ? PREFERENCE.themeMatch : 0);
}

/**
 * The assignment as a minimum-cost maximum flow (the formulation HotCRP uses): source → member
 * (one arc per paper they may take, the k-th costing k, so that loads even out), member → paper
 * (capacity 1, costing how far the pair is from the best fit), paper → sink (as many as it
 * needs). The most reviews possible are placed first; among those, fit and balance are traded
 * at the least cost. Excluded pairs have no arc at all, so no solution can break a conflict or a
 * maximum.
 */
export function planAssignment(problem: AssignmentProblem): AssignmentPlan {
  const { members, papers } = problem;
  const source = 0;
  const memberNode = (m: number) => 1 + m;
  const paperNode = (p: number) => 1 + members.length + p;
  const sink = 1 + members.length + papers.length;
  const loadArcs = members.reduce((sum, member) => sum + Math.max(0, member.capacity), 0);
  const network = new FlowNetwork(sink + 1, loadArcs + members.length * papers.length + papers.length);

  members.forEach((member, m) => {
    for (let k = 0; k < member.capacity; k++) network.addArc(source, memberNode(m), 1, k);
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
      const cost = BEST - preferenceOf(member, paper, problem.bids.get(key));
      pairArc[pairs] = network.addArc(memberNode(m), paperNode(p), 1, cost);
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
  let preference = 0;
  for (let i = 0; i < pairs; i++) {
    if (network.flowOn(pairArc[i]!) === 0) continue;
    const member = members[pairMember[i]!]!;
    const paper = papers[pairPaper[i]!]!;
    assignments.push({ memberId: member.memberId, paperId: paper.paperId });
    preference += preferenceOf(member, paper, problem.bids.get(pairKey(member.memberId, paper.paperId)));
    found[pairPaper[i]!]! += 1;
  }
  const short = papers
    .map((paper, p) => ({ paperId: paper.paperId, missing: Math.max(0, paper.needed) - found[p]! }))
    .filter((paper) => paper.missing > 0);
  return { assignments, short, preference, cost, lowerBound: network.dualBound(source, sink, flow) };
}
