import { describe, expect, it } from 'vitest';
import { calendarDay, documentDay, spreadsheetDay } from './document-dates.ts';

describe('the dates of the documents', () => {
  it('are days at the conference, whatever the server zone', () => {
    // 23:30 UTC is already 05:00 the next morning in India.
    expect(documentDay(new Date('2026-11-24T23:30:00Z'))).toBe('25 November 2026');
    expect(documentDay(new Date('2026-11-24T18:00:00Z'))).toBe('24 November 2026');
    expect(spreadsheetDay('2026-11-24T23:30:00Z')).toBe('25/11/2026');
    expect(spreadsheetDay(new Date('2025-01-05T10:00:00Z'))).toBe('05/01/2025');
  });

  it('keep a calendar date as written, with no zone to move it', () => {
    expect(calendarDay(new Date('1990-03-05T00:00:00Z'))).toBe('5 March 1990');
  });

  it('leave a missing or unreadable date empty in a spreadsheet', () => {
    expect(spreadsheetDay(null)).toBe('');
    expect(spreadsheetDay(undefined)).toBe('');
    expect(spreadsheetDay('not a date')).toBe('');
  });
});
