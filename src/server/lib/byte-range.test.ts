import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  it('reads first-last, open-ended and suffix ranges, clamped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('calls a range outside the file unsatisfiable', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('ignores what it does not serve: no header, other units, several ranges, nonsense', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=5-1', 'bytes=-', 'bytes=a-b'])
      expect(parseByteRange(header, 1000)).toBeUndefined();
  });
});
