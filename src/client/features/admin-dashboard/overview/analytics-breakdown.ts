import { presentationModeLabels, themeLabels } from '@shared/conference.ts';
import { percentOf } from '../percentages.ts';

export interface BreakdownRow {
  name: string;
  count: number;
  /** Share of all papers, whole percent. */
  percent: number;
  /** Bar length: share of the largest row, so the largest fills the bar. */
  barPercent: number;
}

/**
 * Counts per name in a fixed order (the known names first, then any other the server
 * reported), with each row's share of the total and its bar scaled to the largest row.
 */
export function breakdown(
  counts: Record<string, number>,
  knownNames: readonly string[],
  total: number,
): BreakdownRow[] {
  const others = Object.keys(counts).filter((name) => !knownNames.includes(name));
  const names = [...knownNames, ...others];
  const largest = Math.max(0, ...names.map((name) => counts[name] ?? 0));
  return names.map((name) => {
    const count = counts[name] ?? 0;
    return { name, count, percent: percentOf(count, total), barPercent: percentOf(count, largest) };
  });
}

export function themeBreakdown(themes: Record<string, number>, total: number) {
  const rows = breakdown(themes, themeLabels(), total);
  return { rows, activeThemes: rows.filter((row) => row.count > 0).length };
}

export function modeBreakdown(modes: Record<string, number>, total: number): BreakdownRow[] {
  return breakdown(modes, presentationModeLabels(), total);
}
