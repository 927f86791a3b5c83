import { PAPER_STATUSES, type PaperStatus } from '@shared/constants.ts';

/** Spec 4: a status the client does not know is shown (and coloured) as review_awaited. */
export function knownStatus(status: string): PaperStatus {
  return (PAPER_STATUSES as readonly string[]).includes(status) ? (status as PaperStatus) : 'review_awaited';
}

export interface DonutSegment {
  status: PaperStatus;
  count: number;
  /** Length of this segment's arc along the ring. */
  length: number;
  /** Where the arc starts along the ring, from the top, clockwise. */
  start: number;
}

/**
 * The Review Status Distribution ring: one arc per status with papers, in the order of the
 * five statuses, their lengths summing to the circumference.
 */
export function donutSegments(byStatus: Record<PaperStatus, number>, circumference: number): DonutSegment[] {
  const total = PAPER_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  if (total === 0) return [];
  let start = 0;
  return PAPER_STATUSES.filter((status) => byStatus[status] > 0).map((status) => {
    const length = (byStatus[status] / total) * circumference;
    const segment = { status, count: byStatus[status], length, start };
    start += length;
    return segment;
  });
}
