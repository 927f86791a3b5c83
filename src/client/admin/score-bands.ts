/**
 * The two score colour scales of the spec (section 9), side by side: the Evaluation table colours a
 * score by 70/50, the evaluation editor by 80/60/40. Both are the spec's; they live here together so
 * that a change to one is made knowing the other.
 */

export type EvaluationScoreBand = 'high' | 'medium' | 'low';

/** The Evaluation table's colour bands (spec 9): 70 and above, 50 to 69, below 50. */
export function evaluationScoreBand(marks: number): EvaluationScoreBand {
  if (marks >= 70) return 'high';
  if (marks >= 50) return 'medium';
  return 'low';
}

const TABLE_BAND_CLASSES: Record<EvaluationScoreBand, string> = {
  high: 'bg-green-100 text-green-800',
  medium: 'bg-yellow-100 text-yellow-900',
  low: 'bg-red-100 text-red-800',
};

export function evaluationScoreClass(marks: number): string {
  return TABLE_BAND_CLASSES[evaluationScoreBand(marks)];
}

export type ScoreBand = 'excellent' | 'good' | 'fair' | 'poor';

/** The evaluation editor's colour bands (spec 9): 80 and above, 60 and above, 40 and above, else the lowest. */
export function scoreBand(marks: number): ScoreBand {
  if (marks >= 80) return 'excellent';
  if (marks >= 60) return 'good';
  if (marks >= 40) return 'fair';
  return 'poor';
}

const EDITOR_BAND_CLASSES: Record<ScoreBand, string> = {
  excellent: 'bg-green-100 text-green-800 ring-green-300',
  good: 'bg-blue-100 text-blue-800 ring-blue-300',
  fair: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  poor: 'bg-red-100 text-red-800 ring-red-300',
};

export function scoreBandClass(marks: number): string {
  return EDITOR_BAND_CLASSES[scoreBand(marks)];
}
