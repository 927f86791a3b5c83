import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting.ts';

const at = (hours: number, minutes = 0) => new Date(2025, 11, 15, hours, minutes);

describe('greetingFor', () => {
  it('says morning from midnight until just before noon', () => {
    expect(greetingFor(at(0))).toBe('Good morning');
    expect(greetingFor(at(11, 59))).toBe('Good morning');
  });

  it('says afternoon from noon until just before 18:00', () => {
    expect(greetingFor(at(12))).toBe('Good afternoon');
    expect(greetingFor(at(17, 59))).toBe('Good afternoon');
  });

  it('says evening from 18:00 to midnight', () => {
    expect(greetingFor(at(18))).toBe('Good evening');
    expect(greetingFor(at(23, 59))).toBe('Good evening');
  });
});
