import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('keeps the given order and encodes the values', () => {
    expect(toQueryString({ search: 'Ada & Grace', page: 2 })).toBe('?search=Ada+%26+Grace&page=2');
    expect(toQueryString({ theme: 'Propulsion and Combustion' })).toBe('?theme=Propulsion+and+Combustion');
  });

  it('leaves out blank, null and undefined values', () => {
    expect(toQueryString({ search: '  ', status: undefined, mode: null, page: 1 })).toBe('?page=1');
  });

  it('gives an empty string when nothing is left', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ search: '' })).toBe('');
  });

  it('trims values and keeps zero', () => {
    expect(toQueryString({ search: ' ada ', count: 0 })).toBe('?search=ada&count=0');
  });
});
