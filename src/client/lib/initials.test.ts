import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Grace Hopper')).toBe('GH');
    expect(initialsOf('grace brewster murray hopper')).toBe('GB');
  });

  it('gives one letter for one word and ignores extra spaces', () => {
    expect(initialsOf('Ada')).toBe('A');
    expect(initialsOf('  ada   lovelace ')).toBe('AL');
  });

  it('keeps letters outside the basic plane whole and marks a blank name', () => {
    expect(initialsOf('𝓐lpha beta')).toBe('𝓐B');
    expect(initialsOf('   ')).toBe('?');
  });
});
