export type EvaluationScoreBand = 'high' | 'medium' | 'low';

/** The Evaluation table's colour bands (spec 9): 70 and above, 50 to 69, below 50. */
export function evaluationScoreBand(marks: number): EvaluationScoreBand {
  if (marks >= 70) return 'high';
  if (marks >= 50) return 'medium';
  return 'low';
}

const BAND_CLASSES: Record<EvaluationScoreBand, string> = {
  high: 'bg-green-100 text-green-800',
  medium: 'bg-yellow-100 text-yellow-900',
  low: 'bg-red-100 text-red-800',
};

export function evaluationScoreClass(marks: number): string {
  return BAND_CLASSES[evaluationScoreBand(marks)];
}
