/**
 * A file's overall preflight result, as the paper list shows and filters it. Apart from the
 * schemas (schemas/preflight.ts) so that a page showing a verdict does not load Zod before its
 * first paint.
 */
export const PREFLIGHT_VERDICTS = ['passed', 'warnings', 'refused', 'not_checked'] as const;
export type PreflightVerdict = (typeof PREFLIGHT_VERDICTS)[number];
export const PREFLIGHT_VERDICT_LABELS: Record<PreflightVerdict, string> = {
  passed: 'Passed',
  warnings: 'Warnings',
  refused: 'Refused',
  not_checked: 'Not checked',
};
