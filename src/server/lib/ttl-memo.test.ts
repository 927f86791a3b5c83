import { describe, expect, it } from 'vitest';
import { TtlMemo } from './ttl-memo.ts';

describe('TtlMemo', () => {
  it('computes once for concurrent and recent callers, again after the lifetime', async () => {
    let now = 0;
    let calls = 0;
    const memo = new TtlMemo<number>(1000, () => now);
    const compute = async () => ++calls;
    expect(await Promise.all([memo.get(compute), memo.get(compute)])).toEqual([1, 1]);
    now = 999;
    expect(await memo.get(compute)).toBe(1);
    now = 1000;
    expect(await memo.get(compute)).toBe(2);
  });

  it('does not keep a failure', async () => {
    const memo = new TtlMemo<number>(1000);
    await expect(memo.get(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get(async () => 7)).toBe(7);
  });
});
