import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by.ts';

describe('groupBy', () => {
  it('keeps each key’s items in their order, and the keys in the order first met', () => {
    const grouped = groupBy(
      [
        { paper: 'b', member: 1 },
        { paper: 'a', member: 2 },
        { paper: 'b', member: 3 },
      ],
      (pair) => pair.paper,
    );
    expect([...grouped.keys()]).toEqual(['b', 'a']);
    expect(grouped.get('b')!.map((pair) => pair.member)).toEqual([1, 3]);
    expect(groupBy([], String).size).toBe(0);
  });
});
