// What reading the content files costs the start and a SIGHUP reload (docs/performance.md,
// "Content files"):
//   npx tsx scripts/bench-content.ts [content directory]
// The first read includes markdown-it's and the schemas' first use; a reload is the steady cost.
import { PROJECT_ROOT } from '@server/project-paths.ts';
import { loadSiteContent } from '@server/modules/site-content/content-loader.ts';
import path from 'node:path';

const dir = process.argv[2] ?? path.join(PROJECT_ROOT, 'content');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const wall = performance.now();
const cpu = cpuMs();
await loadSiteContent(dir);
const first = { wall: performance.now() - wall, cpu: cpuMs() - cpu };
const reloads: number[] = [];
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  await loadSiteContent(dir);
  reloads.push(performance.now() - started);
}
reloads.sort((a, b) => a - b);
console.log(
  `first read ${first.wall.toFixed(1)} ms (processor ${first.cpu.toFixed(1)} ms), reload median ${reloads[10]!.toFixed(1)} ms`,
);
