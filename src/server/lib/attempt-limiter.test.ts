import { describe, expect, it } from 'vitest';
import { AttemptLimiter, minutesText } from './attempt-limiter.ts';

describe('AttemptLimiter', () => {
  it('blocks a key after the maximum within the window and frees it when the window passes', () => {
    let now = 0;
    const limiter = new AttemptLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfterMs('a@b.org')).toBe(0);
      limiter.record('a@b.org');
      now += 1000;
    }
    expect(limiter.retryAfterMs('a@b.org')).toBe(57_000);
    expect(limiter.retryAfterMs('other@b.org')).toBe(0);
    now = 60_001;
    expect(limiter.retryAfterMs('a@b.org')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new AttemptLimiter(1, 60_000);
    limiter.record('k');
    expect(limiter.retryAfterMs('k')).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.retryAfterMs('k')).toBe(0);
  });

  it('words the wait in whole minutes', () => {
    expect(minutesText(1)).toBe('1 minute');
    expect(minutesText(61_000)).toBe('2 minutes');
  });
});
