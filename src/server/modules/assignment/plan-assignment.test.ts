import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AssignmentProblem,
  type AssignmentPlan,
  pairKey,
  planAssignment,
  type ReviewBid,
} from './plan-assignment.ts';
import { planInWorker } from './plan-in-worker.ts';

const THEMES = ['Solid Mechanics', 'Fluid Mechanics', 'Combustion'];

/** A committee, papers, conflicts and bids of any shape, small enough to check by hand. */
const problems = fc
  .record({
    capacities: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 8 }),
    needs: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }),
    memberThemes: fc.array(fc.subarray(THEMES), { minLength: 8, maxLength: 8 }),
    paperThemes: fc.array(fc.constantFrom(...THEMES), { minLength: 12, maxLength: 12 }),
    pairs: fc.array(
      fc.constantFrom<ReviewBid | 'conflict' | 'none'>('eager', 'willing', 'not_my_area', 'conflict', 'none', 'none'),
      {
        minLength: 96,
        maxLength: 96,
      },
    ),
  })
  .map(({ capacities, needs, memberThemes, paperThemes, pairs }): AssignmentProblem => {
    const members = capacities.map((capacity, m) => ({ memberId: `m${m}`, themes: memberThemes[m]!, capacity }));
    const papers = needs.map((needed, p) => ({ paperId: `p${p}`, theme: paperThemes[p]!, needed }));
    const excluded = new Set<string>();
    const bids = new Map<string, ReviewBid>();
    members.forEach((member, m) =>
      papers.forEach((paper, p) => {
        const said = pairs[m * 12 + p]!;
        if (said === 'conflict') excluded.add(pairKey(member.memberId, paper.paperId));
        else if (said !== 'none') bids.set(pairKey(member.memberId, paper.paperId), said);
      }),
    );
    return { members, papers, excluded, bids };
  });

const loadsOf = (problem: AssignmentProblem, plan: AssignmentPlan) =>
  problem.members.map((member) => plan.assignments.filter((a) => a.memberId === member.memberId).length);

/** The most reviews any assignment could place: a maximum bipartite b-matching, by augmenting paths. */
function mostReviewsPossible(problem: AssignmentProblem): number {
  const taken = new Map<string, string[]>(); // paper → members
  const load = new Map<string, number>();
  const tryPlace = (paperId: string, seen: Set<string>): boolean => {
    for (const member of problem.members) {
      if (problem.excluded.has(pairKey(member.memberId, paperId)) || seen.has(member.memberId)) continue;
      if ((taken.get(paperId) ?? []).includes(member.memberId)) continue;
      seen.add(member.memberId);
      if ((load.get(member.memberId) ?? 0) < member.capacity) {
        load.set(member.memberId, (load.get(member.memberId) ?? 0) + 1);
        taken.set(paperId, [...(taken.get(paperId) ?? []), member.memberId]);
        return true;
      }
      // The member is full: move one of their papers to someone else, if that frees them.
      for (const [otherPaper, reviewers] of taken) {
        if (otherPaper === paperId || !reviewers.includes(member.memberId)) continue;
        taken.set(
          otherPaper,
          reviewers.filter((r) => r !== member.memberId),
        );
        if (tryPlace(otherPaper, seen)) {
          taken.set(paperId, [...(taken.get(paperId) ?? []), member.memberId]);
          return true;
        }
        taken.set(otherPaper, [...(taken.get(otherPaper) ?? []), member.memberId]);
      }
    }
    return false;
  };
  let placed = 0;
  for (const paper of problem.papers)
    for (let i = 0; i < paper.needed; i++) if (tryPlace(paper.paperId, new Set())) placed++;
  return placed;
}

describe('automatic assignment', () => {
  it('never breaks a conflict or a maximum, never assigns a pair twice, and proves its optimum', () => {
    fc.assert(
      fc.property(problems, (problem) => {
        const plan = planAssignment(problem);
        const keys = plan.assignments.map((a) => pairKey(a.memberId, a.paperId));
        expect(new Set(keys).size).toBe(keys.length);
        for (const key of keys) expect(problem.excluded.has(key)).toBe(false);
        loadsOf(problem, plan).forEach((load, m) => expect(load).toBeLessThanOrEqual(problem.members[m]!.capacity));
        for (const paper of problem.papers) {
          const found = plan.assignments.filter((a) => a.paperId === paper.paperId).length;
          const missing = plan.short.find((s) => s.paperId === paper.paperId)?.missing ?? 0;
          expect(found).toBeLessThanOrEqual(paper.needed);
          expect(found + missing).toBe(paper.needed);
        }
        // Optimal: the linear programme's dual bound meets the cost found.
        expect(plan.lowerBound).toBeCloseTo(plan.cost, 6);
      }),
      { numRuns: 300 },
    );
  });

  it('places as many reviews as any assignment could: every paper at its quota when capacity allows', () => {
    fc.assert(
      fc.property(problems, (problem) => {
        const plan = planAssignment(problem);
        expect(plan.assignments.length).toBe(mostReviewsPossible(problem));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps loads within one of each other when no one has bid and themes are alike', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 3 }),
        (memberCount, paperCount, needed) => {
          const members = Array.from({ length: memberCount }, (_, m) => ({
            memberId: `m${m}`,
            themes: THEMES,
            capacity: 100,
          }));
          const papers = Array.from({ length: paperCount }, (_, p) => ({
            paperId: `p${p}`,
            theme: THEMES[p % 3]!,
            needed: Math.min(needed, memberCount),
          }));
          const problem = { members, papers, excluded: new Set<string>(), bids: new Map() };
          const plan = planAssignment(problem);
          const loads = loadsOf(problem, plan);
          expect(plan.short).toEqual([]);
          expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('prefers the eager over the unwilling, and a member of the theme over one outside it', () => {
    const members = [
      { memberId: 'fluids', themes: ['Fluid Mechanics'], capacity: 1 },
      { memberId: 'solids', themes: ['Solid Mechanics'], capacity: 1 },
      { memberId: 'eager', themes: ['Solid Mechanics'], capacity: 1 },
    ];
    const papers = [
      { paperId: 'jet', theme: 'Fluid Mechanics', needed: 1 },
      { paperId: 'beam', theme: 'Solid Mechanics', needed: 1 },
    ];
    const bids = new Map<string, ReviewBid>([
      [pairKey('eager', 'beam'), 'eager'],
      [pairKey('solids', 'beam'), 'not_my_area'],
    ]);
    const plan = planAssignment({ members, papers, excluded: new Set(), bids });
    expect(plan.assignments).toEqual(
      expect.arrayContaining([
        { memberId: 'fluids', paperId: 'jet' },
        { memberId: 'eager', paperId: 'beam' },
      ]),
    );
    expect(plan.assignments).toHaveLength(2);
  });

  it('says which papers stay short when the committee is too small', () => {
    const plan = planAssignment({
      members: [{ memberId: 'only', themes: [], capacity: 5 }],
      papers: [
        { paperId: 'a', theme: 'x', needed: 3 },
        { paperId: 'b', theme: 'x', needed: 1 },
      ],
      excluded: new Set([pairKey('only', 'b')]),
      bids: new Map(),
    });
    expect(plan.assignments).toEqual([{ memberId: 'only', paperId: 'a' }]);
    expect(plan.short).toEqual([
      { paperId: 'a', missing: 2 },
      { paperId: 'b', missing: 1 },
    ]);
  });
});

describe('planInWorker', () => {
  it('gives the plan the planner gives, conflicts and bids carried across to the worker thread', async () => {
    const [problem] = fc.sample(problems, { numRuns: 1, seed: 42 });
    expect(await planInWorker(problem!)).toEqual(planAssignment(problem!));
  });
});
