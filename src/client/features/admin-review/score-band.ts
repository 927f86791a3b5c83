export type ScoreBand = 'excellent' | 'good' | 'fair' | 'poor';

/** The evaluation editor's colour bands (spec 9): 80 and above, 60 and above, 40 and above, else the lowest. */
export function scoreBand(marks: number): ScoreBand {
  if (marks >= 80) return 'excellent';
  if (marks >= 60) return 'good';
  if (marks >= 40) return 'fair';
  return 'poor';
}

const BAND_CLASSES: Record<ScoreBand, string> = {
  excellent: 'bg-green-100 text-green-800 ring-green-300',
  good: 'bg-blue-100 text-blue-800 ring-blue-300',
  fair: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  poor: 'bg-red-100 text-red-800 ring-red-300',
};

export function scoreBandClass(marks: number): string {
  return BAND_CLASSES[scoreBand(marks)];
}
