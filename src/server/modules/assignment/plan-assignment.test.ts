import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMITTEE_LIMITS } from '@shared/domain/committee.ts';
import {
  type AssignmentProblem,
  type AssignmentPlan,
  objectiveWeights,
  pairCost,
  pairKey,
  planAssignment,
  type ReviewBid,
} from './plan-assignment.ts';
import { planInWorker } from './plan-in-worker.ts';

const THEMES = ['Solid Mechanics', 'Fluid Mechanics', 'Combustion'];

/** A committee, papers, conflicts and bids of any shape, at most the sizes given. */
const committees = ({
  members,
  papers,
  capacity,
  needed,
}: Record<'members' | 'papers' | 'capacity' | 'needed', number>) =>
  fc
    .record({
      capacities: fc.array(fc.integer({ min: 0, max: capacity }), { minLength: 1, maxLength: members }),
      needs: fc.array(fc.integer({ min: 0, max: needed }), { minLength: 1, maxLength: papers }),
      memberThemes: fc.array(fc.subarray(THEMES), { minLength: members, maxLength: members }),
      paperThemes: fc.array(fc.constantFrom(...THEMES), { minLength: papers, maxLength: papers }),
      pairs: fc.array(
        fc.constantFrom<ReviewBid | 'conflict' | 'none'>('eager', 'willing', 'not_my_area', 'conflict', 'none', 'none'),
        { minLength: members * papers, maxLength: members * papers },
      ),
    })
    .map(({ capacities, needs, memberThemes, paperThemes, pairs }): AssignmentProblem => {
      const committee = capacities.map((capacity, m) => ({ memberId: `m${m}`, themes: memberThemes[m]!, capacity }));
      const submitted = needs.map((needed, p) => ({ paperId: `p${p}`, theme: paperThemes[p]!, needed }));
      const excluded = new Set<string>();
      const bids = new Map<string, ReviewBid>();
      committee.forEach((member, m) =>
        submitted.forEach((paper, p) => {
          const said = pairs[m * papers + p]!;
          if (said === 'conflict') excluded.add(pairKey(member.memberId, paper.paperId));
          else if (said !== 'none') bids.set(pairKey(member.memberId, paper.paperId), said);
        }),
      );
      return { members: committee, papers: submitted, excluded, bids };
    });

/** Small enough to check by hand. */
const problems = committees({ members: 8, papers: 12, capacity: 6, needed: 3 });
/** Small enough to try every assignment. */
const tinyProblems = committees({ members: 3, papers: 5, capacity: 5, needed: 2 });

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

type Pairs = AssignmentPlan['assignments'];

/**
 * How organisers rank plans, as numbers compared in turn (smaller is better): more reviews, fewer
 * "Not my area" pairs, more Eager, more Willing, more theme matches, then loads (a member's k-th
 * new paper counts k, so that even loads count least).
 */
function organisersRanking(problem: AssignmentProblem, assignments: Pairs): number[] {
  const themesOf = new Map(problem.members.map((member) => [member.memberId, member.themes]));
  const themeOf = new Map(problem.papers.map((paper) => [paper.paperId, paper.theme]));
  const load = new Map<string, number>();
  const count = { not_my_area: 0, eager: 0, willing: 0, none: 0, themeMatches: 0, load: 0 };
  for (const { memberId, paperId } of assignments) {
    count[problem.bids.get(pairKey(memberId, paperId)) ?? 'none'] += 1;
    if (themesOf.get(memberId)!.includes(themeOf.get(paperId)!)) count.themeMatches += 1;
    count.load += load.get(memberId) ?? 0;
    load.set(memberId, (load.get(memberId) ?? 0) + 1);
  }
  return [-assignments.length, count.not_my_area, -count.eager, -count.willing, -count.themeMatches, count.load];
}

const ranksBefore = (a: number[], b: number[]) => {
  const differs = a.findIndex((value, i) => value !== b[i]);
  return differs !== -1 && a[differs]! < b[differs]!;
};

/** The best ranking any assignment reaches, by trying every one. */
function bestRankingByBruteForce(problem: AssignmentProblem): number[] {
  const candidates = problem.members.flatMap((member) =>
    problem.papers
      .filter((paper) => !problem.excluded.has(pairKey(member.memberId, paper.paperId)))
      .map((paper) => ({ member, paper })),
  );
  const load = new Map<string, number>();
  const found = new Map<string, number>();
  const chosen: Pairs = [];
  let best = organisersRanking(problem, []);
  const visit = (i: number) => {
    if (i === candidates.length) {
      const ranking = organisersRanking(problem, chosen);
      if (ranksBefore(ranking, best)) best = ranking;
      return;
    }
    visit(i + 1);
    const { member, paper } = candidates[i]!;
    const memberLoad = load.get(member.memberId) ?? 0;
    const paperFound = found.get(paper.paperId) ?? 0;
    if (memberLoad >= member.capacity || paperFound >= paper.needed) return;
    load.set(member.memberId, memberLoad + 1);
    found.set(paper.paperId, paperFound + 1);
    chosen.push({ memberId: member.memberId, paperId: paper.paperId });
    visit(i + 1);
    chosen.pop();
    load.set(member.memberId, memberLoad);
    found.set(paper.paperId, paperFound);
  };
  visit(0);
  return best;
}

const SOLIDS = 'Solid Mechanics';
const FLUIDS = 'Fluid Mechanics';

describe('the organisers\u2019 order of criteria', () => {
  it('finds the best plan by coverage, then "Not my area", Eager, Willing, theme and load, as trying every assignment does', () => {
    fc.assert(
      fc.property(tinyProblems, (problem) => {
        const plan = planAssignment(problem);
        const best = bestRankingByBruteForce(problem);
        expect(organisersRanking(problem, plan.assignments)).toEqual(best);
        expect(plan.fit).toEqual({
          eager: -best[2]!,
          willing: -best[3]!,
          noBid: -best[0]! - best[1]! + best[2]! + best[3]!,
          notMyArea: best[1],
          themeMatches: -best[4]!,
        });
        expect(plan.lowerBound).toBe(plan.cost);
      }),
      { numRuns: 300 },
    );
  });

  it('gives a paper to the member who bid Eager rather than to one only Willing in its theme', () => {
    const plan = planAssignment({
      members: [
        { memberId: 'Zofia Łukasiewicz', themes: [FLUIDS], capacity: 3 },
        { memberId: 'प्रिया शर्मा', themes: [SOLIDS], capacity: 3 },
        { memberId: 'Nguyễn Thị Minh Khai', themes: [SOLIDS], capacity: 3 },
      ],
      papers: [{ paperId: 'Buckling of thin shells', theme: SOLIDS, needed: 1 }],
      excluded: new Set(),
      bids: new Map<string, ReviewBid>([
        [pairKey('Zofia Łukasiewicz', 'Buckling of thin shells'), 'eager'],
        [pairKey('प्रिया शर्मा', 'Buckling of thin shells'), 'willing'],
      ]),
    });
    expect(plan.assignments).toEqual([{ memberId: 'Zofia Łukasiewicz', paperId: 'Buckling of thin shells' }]);
    expect(plan.fit).toEqual({ eager: 1, willing: 0, noBid: 0, notMyArea: 0, themeMatches: 0 });
  });

  it('avoids a "Not my area" pair whenever a plan with as many reviews exists without it, even outside the themes', () => {
    const plan = planAssignment({
      members: [
        { memberId: 'Иван Петров', themes: [SOLIDS], capacity: 1 },
        { memberId: '张伟', themes: [FLUIDS], capacity: 1 },
      ],
      papers: [
        { paperId: 'Buckling of thin shells', theme: SOLIDS, needed: 1 },
        { paperId: 'Synthetic jets', theme: FLUIDS, needed: 1 },
      ],
      excluded: new Set(),
      bids: new Map<string, ReviewBid>([[pairKey('Иван Петров', 'Buckling of thin shells'), 'not_my_area']]),
    });
    expect(plan.assignments).toEqual(
      expect.arrayContaining([
        { memberId: '张伟', paperId: 'Buckling of thin shells' },
        { memberId: 'Иван Петров', paperId: 'Synthetic jets' },
      ]),
    );
    expect(plan.assignments).toHaveLength(2);
    expect(plan.notMyArea).toEqual([]);
  });

  it('keeps a "Not my area" pair only for coverage, saying whether anyone else could have taken the paper', () => {
    const plan = planAssignment({
      members: [
        { memberId: 'Nguyễn Thị Minh Khai', themes: [FLUIDS], capacity: 1 },
        { memberId: 'प्रिया शर्मा', themes: [SOLIDS], capacity: 5 },
        { memberId: 'Иван Петров', themes: [FLUIDS], capacity: 5 },
        { memberId: '张伟', themes: [FLUIDS], capacity: 1 },
      ],
      papers: [
        // Minh is the one who may review it without "Not my area"; Ivan and Wei are conflicted.
        { paperId: 'Vortex rings', theme: FLUIDS, needed: 2 },
        // Only Wei may review it at all.
        { paperId: 'Synthetic jets', theme: FLUIDS, needed: 1 },
        // Wei would, but is needed for the jets; Priya and Ivan said "Not my area".
        { paperId: 'Buckling of thin shells', theme: SOLIDS, needed: 1 },
      ],
      excluded: new Set([
        pairKey('Иван Петров', 'Vortex rings'),
        pairKey('张伟', 'Vortex rings'),
        pairKey('Nguyễn Thị Minh Khai', 'Synthetic jets'),
        pairKey('प्रिया शर्मा', 'Synthetic jets'),
        pairKey('Иван Петров', 'Synthetic jets'),
        pairKey('Nguyễn Thị Minh Khai', 'Buckling of thin shells'),
      ]),
      bids: new Map<string, ReviewBid>([
        [pairKey('Nguyễn Thị Minh Khai', 'Vortex rings'), 'eager'],
        [pairKey('प्रिया शर्मा', 'Vortex rings'), 'not_my_area'],
        [pairKey('प्रिया शर्मा', 'Buckling of thin shells'), 'not_my_area'],
        [pairKey('Иван Петров', 'Buckling of thin shells'), 'not_my_area'],
      ]),
    });
    expect(plan.short).toEqual([]);
    expect(plan.notMyArea).toEqual(
      expect.arrayContaining([
        { memberId: 'प्रिया शर्मा', paperId: 'Vortex rings', reason: 'no_other_member' },
        {
          memberId: expect.stringMatching(/^(प्रिया शर्मा|Иван Петров)$/),
          paperId: 'Buckling of thin shells',
          reason: 'others_at_maximum',
        },
      ]),
    );
    expect(plan.notMyArea).toHaveLength(2);
    expect(plan.fit.notMyArea).toBe(2);
  });

  it('lists exactly the plan\u2019s "Not my area" pairs, none of which another member with room could take', () => {
    fc.assert(
      fc.property(problems, (problem) => {
        const plan = planAssignment(problem);
        const planned = new Set(plan.assignments.map((a) => pairKey(a.memberId, a.paperId)));
        const loads = loadsOf(problem, plan);
        expect(plan.notMyArea.map(({ memberId, paperId }) => ({ memberId, paperId }))).toEqual(
          plan.assignments.filter((a) => problem.bids.get(pairKey(a.memberId, a.paperId)) === 'not_my_area'),
        );
        for (const pair of plan.notMyArea) {
          const others = problem.members.flatMap((other, o) => {
            const key = pairKey(other.memberId, pair.paperId);
            const free = !problem.excluded.has(key) && !planned.has(key) && problem.bids.get(key) !== 'not_my_area';
            return free ? [o] : [];
          });
          // Giving the paper to one with room would place as many reviews with that pair avoided.
          for (const o of others) expect(loads[o]).toBe(problem.members[o]!.capacity);
          expect(pair.reason).toBe(others.length === 0 ? 'no_other_member' : 'others_at_maximum');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('weighs the criteria exactly for 20,000 papers and 300 members at the largest maximum, and refuses a committee beyond it', () => {
    const committee = (size: number) =>
      Array.from({ length: size }, (_, m) => ({
        memberId: `m${m}`,
        themes: [SOLIDS],
        capacity: COMMITTEE_LIMITS.maxPapers,
      }));
    const papers = Array.from({ length: 20_000 }, (_, p) => ({ paperId: `p${p}`, theme: FLUIDS, needed: 3 }));
    const members = committee(300);
    const weights = objectiveWeights({ members, papers, excluded: new Set(), bids: new Map() });
    // On any cycle of two plans, at most 300 pairs are added and one load arc (at most 199).
    const below = (...lower: number[]) => 300 * lower.reduce((sum, w) => sum + w, 0) + COMMITTEE_LIMITS.maxPapers - 1;
    expect(weights.noThemeMatch).toBeGreaterThan(below());
    expect(weights.neitherEagerNorWilling).toBeGreaterThan(below(weights.noThemeMatch));
    expect(weights.notEager).toBeGreaterThan(below(weights.neitherEagerNorWilling, weights.noThemeMatch));
    expect(weights.notMyArea).toBeGreaterThan(
      below(weights.notEager, weights.neitherEagerNorWilling, weights.noThemeMatch),
    );
    // The dearest plan's cost: 60,000 "Not my area" pairs outside the themes, every load at its maximum.
    const dearestPair = pairCost(weights, members[0]!, papers[0]!, 'not_my_area');
    const loads = (300 * COMMITTEE_LIMITS.maxPapers * (COMMITTEE_LIMITS.maxPapers - 1)) / 2;
    expect(60_000 * dearestPair + loads).toBeLessThan(Number.MAX_SAFE_INTEGER);

    expect(() => objectiveWeights({ members: committee(5000), papers, excluded: new Set(), bids: new Map() })).toThrow(
      RangeError,
    );
  });
});

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
