// Measures automatic assignment beside a greedy baseline, on the same generated committee:
//   npm run bench:assignment                                  (3,000 papers, 300 members, 3 reviews, 20 % bids)
//   npm run bench:assignment -- --papers 20000 --members 300 --reviews 3 --bids 0.1 --spare 0 --seed 7
// Each member may take an even share plus --spare papers (1). Both methods are reported with
// their time (wall and CPU), peak memory, the pairs they place by bid (Eager, Willing, no bid,
// Not my area) and in the member's themes, the load spread, and the optimiser's objective; the
// optimiser also with the linear programme's lower bound on it. The greedy baseline lets each
// paper in turn take the members who fit it best by the same order of criteria, with room left.
import { parseArgs } from 'node:util';
import { themeLabels, setConference } from '@shared/conference.ts';
import { seededRandom } from './seeded-random.ts';
import {
  type AssignmentPlan,
  type AssignmentProblem,
  objectiveWeights,
  pairCost,
  pairKey,
  planAssignment,
  type ReviewBid,
} from '@server/modules/assignment/plan-assignment.ts';
import { loadConfig } from '@server/config.ts';

// The conference as the server would be configured (CONFERENCE_FILE, else the default).
setConference(loadConfig().conference);

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '3000' },
    members: { type: 'string', default: '300' },
    reviews: { type: 'string', default: '3' },
    bids: { type: 'string', default: '0.2' },
    conflicts: { type: 'string', default: '0.01' },
    spare: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
  },
});
const paperCount = Number(values.papers);
const memberCount = Number(values.members);
const reviews = Number(values.reviews);
const bidShare = Number(values.bids);

const { random, pick } = seededRandom(Number(values.seed));

function generate(): AssignmentProblem {
  const capacity = Math.ceil((paperCount * reviews) / memberCount) + Number(values.spare);
  const members = Array.from({ length: memberCount }, (_, m) => ({
    memberId: `member-${m}`,
    themes: themeLabels()
      .filter(() => random() < 0.35)
      .concat(pick(themeLabels())),
    capacity,
  }));
  const papers = Array.from({ length: paperCount }, (_, p) => ({
    paperId: `paper-${p}`,
    theme: pick(themeLabels()),
    needed: reviews,
  }));
  const excluded = new Set<string>();
  const bids = new Map<string, ReviewBid>();
  for (const member of members)
    for (const paper of papers) {
      const key = pairKey(member.memberId, paper.paperId);
      if (random() < Number(values.conflicts)) excluded.add(key);
      else if (random() < bidShare) {
        // Members bid eagerly within their themes and mostly say "not my area" outside them; a
        // theme is broad, so some of its papers are not their area and some outside it are.
        const own = member.themes.includes(paper.theme);
        const roll = random();
        const [eager, willing] = own ? [0.45, 0.85] : [0.1, 0.3];
        bids.set(key, roll < eager ? 'eager' : roll < willing ? 'willing' : 'not_my_area');
      }
    }
  return { members, papers, excluded, bids };
}

/** Each paper in turn takes the members who fit it best and still have room (ties: the least loaded). */
function greedy(problem: AssignmentProblem): AssignmentPlan['assignments'] {
  const weights = objectiveWeights(problem);
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
        cost: pairCost(weights, member, paper, problem.bids.get(pairKey(member.memberId, paper.paperId))),
      }))
      .sort((a, b) => a.cost - b.cost || load.get(a.member.memberId)! - load.get(b.member.memberId)!);
    for (const { member } of candidates.slice(0, paper.needed)) {
      load.set(member.memberId, load.get(member.memberId)! + 1);
      assignments.push({ memberId: member.memberId, paperId: paper.paperId });
    }
  }
  return assignments;
}

/** Any assignment's pairs by bid and theme, its load spread, and the optimiser's objective for it. */
function scored(problem: AssignmentProblem, assignments: AssignmentPlan['assignments']) {
  const weights = objectiveWeights(problem);
  const members = new Map(problem.members.map((member) => [member.memberId, member]));
  const papers = new Map(problem.papers.map((paper) => [paper.paperId, paper]));
  const load = new Map(problem.members.map((member) => [member.memberId, 0]));
  const byBid = { eager: 0, willing: 0, none: 0, not_my_area: 0 };
  let themeMatches = 0;
  let cost = 0;
  for (const { memberId, paperId } of assignments) {
    const member = members.get(memberId)!;
    const paper = papers.get(paperId)!;
    const bid = problem.bids.get(pairKey(memberId, paperId));
    byBid[bid ?? 'none'] += 1;
    if (member.themes.includes(paper.theme)) themeMatches += 1;
    // The k-th new paper of a member costs k, as in the optimiser.
    cost += pairCost(weights, member, paper, bid) + load.get(memberId)!;
    load.set(memberId, load.get(memberId)! + 1);
  }
  const loads = [...load.values()];
  const wanted = problem.papers.reduce((sum, paper) => sum + paper.needed, 0);
  return {
    reviews: assignments.length,
    missing: wanted - assignments.length,
    ...byBid,
    themeMatches,
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
  const cpuBefore = process.cpuUsage();
  const result = work();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakMb: (peak - rssBefore) / 2 ** 20 };
}

const problem = generate();
console.log(
  `${paperCount} papers, ${memberCount} members (at most ${problem.members[0]!.capacity} each), ${reviews} reviews per paper, ` +
    `${problem.bids.size} bids, ${problem.excluded.size} conflicts`,
);
const baseline = timed(() => greedy(problem));
const optimised = timed(() => planAssignment(problem));
const rows = [
  ['greedy baseline', baseline, scored(problem, baseline.result), null],
  ['min-cost flow', optimised, scored(problem, optimised.result.assignments), optimised.result],
] as const;
console.log(
  '| method | time | CPU time | peak memory | reviews placed | missing | Eager | Willing | no bid | Not my area | theme matches | load spread | cost | LP lower bound |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [name, { ms, cpuMs, peakMb }, score, plan] of rows)
  console.log(
    `| ${name} | ${(ms / 1000).toFixed(2)} s | ${(cpuMs / 1000).toFixed(2)} s | ${peakMb.toFixed(0)} MB | ${score.reviews} | ${score.missing} | ` +
      `${score.eager} | ${score.willing} | ${score.none} | ${score.not_my_area} | ${score.themeMatches} | ` +
      `${score.spread} | ${score.cost} | ${plan ? plan.lowerBound : ''} |`,
  );
const optimalCost = scored(problem, optimised.result.assignments).cost;
if (optimalCost !== optimised.result.cost || optimised.result.cost !== optimised.result.lowerBound) {
  console.error(
    `the optimiser's cost ${optimised.result.cost} is not its proven optimum ${optimised.result.lowerBound}`,
  );
  process.exit(1);
}
