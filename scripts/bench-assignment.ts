// Measures automatic assignment beside a greedy baseline, on the same generated committee:
//   npm run bench:assignment                                  (3,000 papers, 300 members, 3 reviews, 20 % bids)
//   npm run bench:assignment -- --papers 6000 --members 500 --reviews 2 --bids 0.1 --seed 7
// Each member may take an even share plus one. The optimiser (a minimum-cost flow) is reported
// with its time, peak memory, the fit of its pairs, the load spread and its cost against the
// linear programme's lower bound; the greedy baseline (each paper in turn takes its best-fitting
// members with room left) with the same figures, scored by the same cost.
import { parseArgs } from 'node:util';
import { THEMES } from '@shared/constants.ts';
import { seededRandom } from './seeded-random.ts';
import {
  type AssignmentPlan,
  type AssignmentProblem,
  pairKey,
  planAssignment,
  PREFERENCE,
  preferenceOf,
  type ReviewBid,
} from '@server/modules/assignment/plan-assignment.ts';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '3000' },
    members: { type: 'string', default: '300' },
    reviews: { type: 'string', default: '3' },
    bids: { type: 'string', default: '0.2' },
    conflicts: { type: 'string', default: '0.01' },
    seed: { type: 'string', default: '1' },
  },
});
const paperCount = Number(values.papers);
const memberCount = Number(values.members);
const reviews = Number(values.reviews);
const bidShare = Number(values.bids);

const { random, pick } = seededRandom(Number(values.seed));

function generate(): AssignmentProblem {
  const capacity = Math.ceil((paperCount * reviews) / memberCount) + 1;
  const members = Array.from({ length: memberCount }, (_, m) => ({
    memberId: `member-${m}`,
    themes: THEMES.filter(() => random() < 0.35).concat(pick(THEMES)),
    capacity,
  }));
  const papers = Array.from({ length: paperCount }, (_, p) => ({
    paperId: `paper-${p}`,
    theme: pick(THEMES),
    needed: reviews,
  }));
  const excluded = new Set<string>();
  const bids = new Map<string, ReviewBid>();
  for (const member of members)
    for (const paper of papers) {
      const key = pairKey(member.memberId, paper.paperId);
      if (random() < Number(values.conflicts)) excluded.add(key);
      else if (random() < bidShare) {
        // Members bid eagerly within their themes and say "not my area" outside them.
        const own = member.themes.includes(paper.theme);
        const roll = random();
        bids.set(key, own ? (roll < 0.5 ? 'eager' : 'willing') : roll < 0.2 ? 'willing' : 'not_my_area');
      }
    }
  return { members, papers, excluded, bids };
}

/** Each paper in turn takes the members who fit it best and still have room (ties: the least loaded). */
function greedy(problem: AssignmentProblem): AssignmentPlan['assignments'] {
  const load = new Map(problem.members.map((member) => [member.memberId, 0]));
  const assignments: AssignmentPlan['assignments'] = [];
  for (const paper of problem.papers) {
    const candidates = problem.members
      .filter(
        (member) =>
          load.get(member.memberId)! < member.capacity &&
          !problem.excluded.has(pairKey(member.memberId, paper.paperId)),
      )
      .map((member) => ({
        member,
        fit: preferenceOf(member, paper, problem.bids.get(pairKey(member.memberId, paper.paperId))),
      }))
      .sort((a, b) => b.fit - a.fit || load.get(a.member.memberId)! - load.get(b.member.memberId)!);
    for (const { member } of candidates.slice(0, paper.needed)) {
      load.set(member.memberId, load.get(member.memberId)! + 1);
      assignments.push({ memberId: member.memberId, paperId: paper.paperId });
    }
  }
  return assignments;
}

/** The optimiser's objective for any assignment: each pair's distance from the best fit, plus 0+1+…+(load−1) per member. */
function scored(problem: AssignmentProblem, assignments: AssignmentPlan['assignments']) {
  const members = new Map(problem.members.map((member) => [member.memberId, member]));
  const papers = new Map(problem.papers.map((paper) => [paper.paperId, paper]));
  const load = new Map(problem.members.map((member) => [member.memberId, 0]));
  let preference = 0;
  for (const { memberId, paperId } of assignments) {
    preference += preferenceOf(
      members.get(memberId)!,
      papers.get(paperId)!,
      problem.bids.get(pairKey(memberId, paperId)),
    );
    load.set(memberId, load.get(memberId)! + 1);
  }
  const loads = [...load.values()];
  const best = PREFERENCE.eager + PREFERENCE.themeMatch;
  const cost = assignments.length * best - preference + loads.reduce((sum, l) => sum + (l * (l - 1)) / 2, 0);
  const wanted = problem.papers.reduce((sum, paper) => sum + paper.needed, 0);
  return {
    reviews: assignments.length,
    missing: wanted - assignments.length,
    preference,
    cost,
    spread: Math.max(...loads) - Math.min(...loads),
  };
}

function timed<T>(work: () => T) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const result = work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, peakMb: (peak - rssBefore) / 2 ** 20 };
}

const problem = generate();
console.log(
  `${paperCount} papers, ${memberCount} members (at most ${problem.members[0]!.capacity} each), ${reviews} reviews per paper, ` +
    `${problem.bids.size} bids, ${problem.excluded.size} conflicts`,
);
const baseline = timed(() => greedy(problem));
const optimised = timed(() => planAssignment(problem));
const rows = [
  ['greedy baseline', baseline.ms, baseline.peakMb, scored(problem, baseline.result), null],
  ['min-cost flow', optimised.ms, optimised.peakMb, scored(problem, optimised.result.assignments), optimised.result],
] as const;
console.log(
  '| method | time | peak memory | reviews placed | missing | fit (sum) | load spread | cost | LP lower bound |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [name, ms, peakMb, score, plan] of rows)
  console.log(
    `| ${name} | ${(ms / 1000).toFixed(2)} s | ${peakMb.toFixed(0)} MB | ${score.reviews} | ${score.missing} | ${score.preference} | ${score.spread} | ${score.cost} | ${plan ? plan.lowerBound : ''} |`,
  );
const optimalCost = scored(problem, optimised.result.assignments).cost;
if (optimalCost !== optimised.result.cost || Math.abs(optimised.result.cost - optimised.result.lowerBound) > 1e-6) {
  console.error(
    `the optimiser's cost ${optimised.result.cost} is not its proven optimum ${optimised.result.lowerBound}`,
  );
  process.exit(1);
}
