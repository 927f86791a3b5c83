// The host's CPU as Lighthouse measures it (its `benchmarkIndex`, "CPU/Memory Power"), and the
// CPU slowdown that turns this host into Lighthouse's mid-tier phone. Read by `npm run audit:pages`
// and printed at the end of `.ci/run`:
//
//   npx tsx scripts/benchmark-index.ts        (the median of 3 measures in Chromium, and its multiplier)
import path from 'node:path';
import { chromium } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/**
 * The CPU slowdown for a host of this benchmark index, from Lighthouse's CPU throttling calculator
 * (lighthouse-cpu-throttling-calculator.vercel.app, linked from Lighthouse's docs/throttling.md,
 * "Calibrating the CPU slowdown"): the default 4x belongs to an index of about 1,533; 3x at 1,300,
 * 6x at 2,000, 2x at 800 and 1x at 150, straight lines between (and beyond 2,000).
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`no benchmark index: ${benchmarkIndex}`);
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.max(1, Math.round(multiplier * 10) / 10);
}

/** Lighthouse's own benchmark (its page function), run `runs` times in a fresh headless Chromium; the median. */
export async function measureBenchmarkIndex(chromiumPath: string, runs = 3): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const benchmark = pageFunctions.computeBenchmarkIndex.toString();
    const indexes: number[] = [];
    for (let run = 0; run < runs; run++)
      indexes.push(await page.evaluate((source) => (0, eval)(`(${source})()`) as number, benchmark));
    return indexes.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const index = await measureBenchmarkIndex(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  console.log(
    `Host CPU: Lighthouse benchmark index ${Math.round(index)} (median of 3); calibrated phone CPU slowdown ${cpuSlowdownFor(index)}x`,
  );
}
