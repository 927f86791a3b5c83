import { currentConference } from '@shared/conference.ts';
import type { ProgrammeChange } from '@shared/schemas/programme.ts';
import { formatDateTime } from '@client/lib/dates.ts';

/**
 * Where a published talk is or was, as the publication's summary lists it: "6 February 2027
 * 09:30 IST, Main Hall, “Fluids I”". Programme times are the conference's, whatever the reader's zone.
 */
export function programmePlaceText(place: NonNullable<ProgrammeChange['after']>): string {
  return `${formatDateTime(place.startsAt, currentConference().timeZone)}, ${place.room ?? 'no room'}, “${place.session}”`;
}
