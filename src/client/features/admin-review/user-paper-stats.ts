import type { UserPaperCounts } from '@shared/schemas/admin-paper.ts';

export interface UserPaperStats {
  total: number;
  accepted: number;
  underReview: number;
  fullPapers: number;
}

/**
 * The user page's counts (spec 2.6): accepted is abstract_accepted, under review is
 * review_awaited plus review_in_progress. A failed count call shows 0 (spec 7).
 */
export function userPaperStats(
  counts: UserPaperCounts | undefined,
  papers: { fullPaperPdfPath: string | null }[] | undefined,
): UserPaperStats {
  return {
    total: counts?.count ?? 0,
    accepted: counts?.abstract_accepted ?? 0,
    underReview: (counts?.review_awaited ?? 0) + (counts?.review_in_progress ?? 0),
    fullPapers: papers?.filter((paper) => paper.fullPaperPdfPath).length ?? 0,
  };
}
