/** Spec 9: percentages are whole numbers; payment and evaluation rates keep one decimal. */

/** part of total as a whole percent; 0 when there is no total (nothing to divide by). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** part of total as a percent with one decimal, e.g. 66.7; 0 when there is no total. */
export function rateOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
}

/** "67%" */
export function formatPercent(percent: number): string {
  return `${Math.round(percent)}%`;
}

/** "66.7%", also for a rate the server computed. */
export function formatRate(rate: number): string {
  return `${rate.toFixed(1)}%`;
}

/** A ratio to one decimal, e.g. submissions per user "1.3"; "0.0" without a denominator. */
export function formatRatio(numerator: number, denominator: number): string {
  return (denominator > 0 ? numerator / denominator : 0).toFixed(1);
}

/** An average score to one decimal, or "N/A" when nothing is scored yet. */
export function formatAverageScore(average: number | null): string {
  return average === null ? 'N/A' : average.toFixed(1);
}
