import { afterEach, describe, expect, it } from 'vitest';
import { currentConference, setConference } from '../conference.ts';
import { DEFAULT_CONFERENCE } from '../conference/default-conference.ts';
import {
  atConferenceWallClock,
  conferenceZoneText,
  formatOffset,
  fromConferenceInputValue,
  toConferenceInputValue,
} from './conference-datetime.ts';

describe('toConferenceInputValue', () => {
  it('shows an instant on the conference wall clock, to the minute', () => {
    expect(toConferenceInputValue('2025-10-15T23:59:59+05:30')).toBe('2025-10-15T23:59');
    expect(toConferenceInputValue('2025-10-15T18:29:00Z')).toBe('2025-10-15T23:59');
  });

  it('moves to the conference day when the value was written in another zone', () => {
    expect(toConferenceInputValue('2025-12-31T22:00:00-05:00')).toBe('2026-01-01T08:30');
  });
});

describe('fromConferenceInputValue', () => {
  it('reads the input in IST and writes the offset', () => {
    expect(fromConferenceInputValue('2025-10-15T23:59')).toBe('2025-10-15T23:59:00+05:30');
    expect(fromConferenceInputValue('2100-01-15T18:00:30')).toBe('2100-01-15T18:00:30+05:30');
    // A closing time takes its whole minute; seconds written stay as written.
    expect(fromConferenceInputValue('2025-10-15T23:59', { closing: true })).toBe('2025-10-15T23:59:59+05:30');
    expect(fromConferenceInputValue('2025-10-15T23:59:10', { closing: true })).toBe('2025-10-15T23:59:10+05:30');
  });

  it('names the same instant as the value it came from', () => {
    const value = '2025-12-10T23:59:00+05:30';
    expect(Date.parse(fromConferenceInputValue(toConferenceInputValue(value))!)).toBe(Date.parse(value));
  });

  it('refuses an empty, partial or impossible date', () => {
    expect(fromConferenceInputValue('')).toBeNull();
    expect(fromConferenceInputValue('2025-10-15')).toBeNull();
    expect(fromConferenceInputValue('2025-02-31T10:00')).toBeNull();
    expect(fromConferenceInputValue('2025-10-15T24:30')).toBeNull();
  });
});

describe('formatOffset', () => {
  it('writes hours and minutes with a sign', () => {
    expect(formatOffset(330)).toBe('+05:30');
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(-210)).toBe('-03:30');
  });
});

describe('conferenceZoneText', () => {
  it('names the zone and its offset', () => {
    expect(conferenceZoneText(Date.parse('2025-10-15T12:00:00Z'))).toBe('IST, UTC+05:30');
  });
});

describe('a wall-clock time where the clocks change', () => {
  afterEach(() => setConference(DEFAULT_CONFERENCE));
  const inZone = (timeZone: string) => setConference({ ...currentConference(), timeZone });

  it('reads a midnight the clocks skip as the moment they move, on that day', () => {
    // Santiago moved from 00:00 -04:00 to 01:00 -03:00 on 7 September 2025.
    inZone('America/Santiago');
    const start = atConferenceWallClock('2025-09-07', '00:00:00');
    expect(Date.parse(start)).toBe(Date.parse('2025-09-07T04:00:00Z'));
    expect(toConferenceInputValue(start)).toBe('2025-09-07T01:00');
    expect(atConferenceWallClock('2025-09-06', '00:00:00')).toBe('2025-09-06T00:00:00-04:00');
    expect(atConferenceWallClock('2025-09-08', '00:00:00')).toBe('2025-09-08T00:00:00-03:00');
  });

  it('keeps the hours that exist on both sides of a change', () => {
    inZone('Europe/Lisbon');
    expect(atConferenceWallClock('2030-03-31', '00:59:00')).toBe('2030-03-31T00:59:00+00:00');
    expect(atConferenceWallClock('2030-03-31', '02:00:00')).toBe('2030-03-31T02:00:00+01:00');
    // 01:30 does not exist that night: it is read as the moment the clocks move, 02:30 summer time.
    expect(toConferenceInputValue(atConferenceWallClock('2030-03-31', '01:30:00'))).toBe('2030-03-31T02:30');
    expect(atConferenceWallClock('2030-10-27', '23:59:59')).toBe('2030-10-27T23:59:59+00:00');
  });
});
