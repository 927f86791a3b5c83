import type { ByteRange } from '../storage/file-store.ts';

/**
 * Reads a Range header (RFC 9110 §14.2) against a file of `size` bytes: the one range asked for,
 * 'unsatisfiable' when it lies outside the file (416), or undefined to send the whole file (no
 * header, another unit, several ranges, or a header that does not parse, which must be ignored).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header ?? '');
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
