import { currentConference } from '@shared/conference.ts';
import { formatDayIn, formatNumericDayIn } from '@shared/format/dates.ts';

/**
 * Dates in the documents the site makes (letters, exports): the site's one style
 * (shared/format/dates.ts), on the conference's calendar, whatever the server's own zone.
 */

/** The day of an instant at the conference: "15 December 2025". */
export function documentDay(instant: Date): string {
  return formatDayIn(instant, currentConference().timeZone);
}

/** A calendar date that has no time or zone (a date of birth, stored as UTC midnight): "5 March 1990". */
export function calendarDay(utcMidnight: Date): string {
  return formatDayIn(utcMidnight, 'UTC');
}

/** A day in a spreadsheet's cell, which reads it as a date: "15/12/2025"; empty when there is none. */
export function spreadsheetDay(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = value instanceof Date ? value : new Date(value);
  return Number.isNaN(instant.getTime()) ? '' : formatNumericDayIn(instant, currentConference().timeZone);
}
