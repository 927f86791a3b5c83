import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = Date.parse('2025-12-15T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it.each([
    [ago(59_000), 'just now'],
    [ago(60_000), '1 minute ago'],
    [ago(45 * 60_000), '45 minutes ago'],
    [ago(3600_000), '1 hour ago'],
    [ago(23 * 3600_000), '23 hours ago'],
    [ago(24 * 3600_000), '1 day ago'],
    [ago(6 * 24 * 3600_000), '6 days ago'],
    [ago(7 * 24 * 3600_000), '8 Dec 2025'],
  ])('%s is %s', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });

  it('says when the date is missing or unreadable', () => {
    expect(relativeTime(undefined, now)).toBe('Unknown date');
    expect(relativeTime('not a date', now)).toBe('Invalid date');
  });
});
