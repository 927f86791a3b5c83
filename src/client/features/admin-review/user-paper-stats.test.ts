import { describe, expect, it } from 'vitest';
import { userPaperStats } from './user-paper-stats.ts';

describe('userPaperStats', () => {
  it('counts accepted, under review (awaited + in progress) and full papers', () => {
    const counts = {
      count: 6,
      review_awaited: 1,
      review_in_progress: 2,
      author_response_awaited: 1,
      abstract_accepted: 1,
      declined: 1,
    };
    expect(userPaperStats(counts, [{ fullPaperPdfPath: '/f' }, { fullPaperPdfPath: null }])).toEqual({
      total: 6,
      accepted: 1,
      underReview: 3,
      fullPapers: 1,
    });
  });

  it('shows zeros when the counts or papers could not be read', () => {
    expect(userPaperStats(undefined, undefined)).toEqual({ total: 0, accepted: 0, underReview: 0, fullPapers: 0 });
  });
});
