import { describe, expect, it } from 'vitest';
import { donutSegments, knownStatus } from './status-distribution.ts';

describe('knownStatus', () => {
  it('keeps the five statuses', () => {
    expect(knownStatus('declined')).toBe('declined');
    expect(knownStatus('author_response_awaited')).toBe('author_response_awaited');
  });

  it('shows anything else as review_awaited', () => {
    expect(knownStatus('pending')).toBe('review_awaited');
    expect(knownStatus('')).toBe('review_awaited');
  });
});

describe('donutSegments', () => {
  const none = {
    review_awaited: 0,
    review_in_progress: 0,
    author_response_awaited: 0,
    abstract_accepted: 0,
    declined: 0,
  };

  it('gives each status with papers an arc in proportion, end to end', () => {
    const segments = donutSegments({ ...none, review_awaited: 1, abstract_accepted: 2, declined: 1 }, 100);
    expect(segments.map((s) => [s.status, s.start, s.length])).toEqual([
      ['review_awaited', 0, 25],
      ['abstract_accepted', 25, 50],
      ['declined', 75, 25],
    ]);
  });

  it('draws one full ring for a single status', () => {
    expect(donutSegments({ ...none, review_in_progress: 3 }, 60)).toEqual([
      { status: 'review_in_progress', count: 3, start: 0, length: 60 },
    ]);
  });

  it('has no arcs without papers', () => {
    expect(donutSegments(none, 100)).toEqual([]);
  });
});
