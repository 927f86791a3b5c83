/**
 * The two score colour scales of the spec (section 9), side by side: the Evaluation table colours a
 * score by 70/50, the evaluation editor by 80/60/40. Both are the spec's; they live here together so
 * that a change to one is made knowing the other.
 */
import { type BadgeTone, toneClass } from '@client/components/ui/badge.tsx';

export type EvaluationScoreBand = 'high' | 'medium' | 'low';

/** The Evaluation table's colour bands (spec 9): 70 and above, 50 to 69, below 50. */
export function evaluationScoreBand(marks: number): EvaluationScoreBand {
  if (marks >= 70) return 'high';
  if (marks >= 50) return 'medium';
  return 'low';
}

const TABLE_BAND_TONES: Record<EvaluationScoreBand, BadgeTone> = {
  high: 'success',
  medium: 'progress',
  low: 'danger',
};

export function evaluationScoreClass(marks: number): string {
  return toneClass(TABLE_BAND_TONES[evaluationScoreBand(marks)]);
}

export type ScoreBand = 'excellent' | 'good' | 'fair' | 'poor';

/** The evaluation editor's colour bands (spec 9): 80 and above, 60 and above, 40 and above, else the lowest. */
export function scoreBand(marks: number): ScoreBand {
  if (marks >= 80) return 'excellent';
  if (marks >= 60) return 'good';
  if (marks >= 40) return 'fair';
  return 'poor';
}

const EDITOR_BAND_TONES: Record<ScoreBand, BadgeTone> = {
  excellent: 'success',
  good: 'info',
  fair: 'progress',
  poor: 'danger',
};

export function scoreBandClass(marks: number): string {
  return toneClass(EDITOR_BAND_TONES[scoreBand(marks)], { ringed: true });
}
