import { describe, expect, it } from 'vitest';
import { programmePlaceText } from './programme-change-text.ts';

describe("the publication summary's places", () => {
  it('writes the time as every page does, in the conference zone and named', () => {
    // 04:00 UTC is 09:30 in India, whatever zone the organiser reads the summary in.
    expect(
      programmePlaceText({ startsAt: '2027-02-06T04:00:00.000Z', room: 'Зал Ломоносова', session: '湍流 I' }),
    ).toBe('6 February 2027 09:30 IST, Зал Ломоносова, “湍流 I”');
  });

  it('says when a talk has no room', () => {
    expect(programmePlaceText({ startsAt: '2027-02-06T18:29:00.000Z', room: null, session: 'Dòng chảy rối' })).toBe(
      '6 February 2027 23:59 IST, no room, “Dòng chảy rối”',
    );
  });
});
