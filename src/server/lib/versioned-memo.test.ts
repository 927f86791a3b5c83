import { describe, expect, it } from 'vitest';
import { VersionedMemo, VersionedMemoMap } from './versioned-memo.ts';

describe('VersionedMemo', () => {
  it('computes once per version for concurrent and later callers, and again for a newer version', async () => {
    let calls = 0;
    const memo = new VersionedMemo<number>(60_000, () => 0);
    const compute = async () => ++calls;
    expect(await Promise.all([memo.get(1, compute), memo.get(1, compute)])).toEqual([1, 1]);
    expect(await memo.get(1, compute)).toBe(1);
    expect(await memo.get(2, compute)).toBe(2);
    // A caller that read the version before a write gets the newer result, never an older one.
    expect(await memo.get(1, compute)).toBe(2);
  });

  it('recomputes once the result is older than its maximum age, even without a write', async () => {
    let now = 0;
    let calls = 0;
    const memo = new VersionedMemo<number>(1000, () => now);
    const compute = async () => ++calls;
    expect(await memo.get(5, compute)).toBe(1);
    now = 999;
    expect(await memo.get(5, compute)).toBe(1);
    now = 1000;
    expect(await memo.get(5, compute)).toBe(2);
  });

  it('does not keep a failure', async () => {
    const memo = new VersionedMemo<number>(1000);
    await expect(memo.get(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get(1, async () => 7)).toBe(7);
  });
});

describe('VersionedMemoMap', () => {
  it('memoises each key on its own and drops the key used longest ago past its size', async () => {
    let calls = 0;
    const memos = new VersionedMemoMap<string>(2, 60_000, () => 0);
    const compute = (key: string) => async () => `${key}${++calls}`;
    expect(await memos.get('a', 1, compute('a'))).toBe('a1');
    expect(await memos.get('b', 1, compute('b'))).toBe('b2');
    expect(await memos.get('a', 1, compute('a'))).toBe('a1');
    // 'c' pushes out 'b', the key used longest ago ('a' was used after it).
    expect(await memos.get('c', 1, compute('c'))).toBe('c3');
    expect(await memos.get('a', 1, compute('a'))).toBe('a1');
    expect(await memos.get('b', 1, compute('b'))).toBe('b4');
    expect(await memos.get('a', 2, compute('a'))).toBe('a5');
  });
});

describe('VersionedMemo without a version', () => {
  it('computes every time and keeps nothing', async () => {
    let calls = 0;
    const memo = new VersionedMemo<number>(60_000, () => 0);
    const compute = async () => ++calls;
    expect(await memo.get(undefined, compute)).toBe(1);
    expect(await memo.get(undefined, compute)).toBe(2);
    expect(await memo.get(3, compute)).toBe(3);
    expect(await memo.get(undefined, compute)).toBe(4);
    expect(await memo.get(3, compute)).toBe(3);
  });
});
