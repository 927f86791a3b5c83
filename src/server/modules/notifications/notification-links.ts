import { COMMITTEE_NOTICE_TITLES } from '@shared/domain/committee-notices.ts';
import { ADD_TO_CALENDAR, PRESENTATION_NOTICE_TITLES } from '@shared/domain/presentation-notices.ts';
import type { NotificationLink } from '@shared/schemas/notification.ts';
import type { NotificationRow } from './notifications.repository.ts';

const CALENDAR_TITLES = new Set<string>([PRESENTATION_NOTICE_TITLES.added, PRESENTATION_NOTICE_TITLES.moved]);
const COMMITTEE_TITLES = new Set<string>(Object.values(COMMITTEE_NOTICE_TITLES));

/**
 * Where a notification leads, derived from what it is (its title is one the site writes) and who
 * reads it: a presentation's notice to its author leads to the calendar entry the e-mail has
 * attached; a committee member's notice to their review of the paper, or to their list of reviews
 * (the paper's own pages are its author's).
 */
export function linkOf(
  notification: Pick<NotificationRow, 'title' | 'paperId' | 'recipientId'>,
  paperOwnerId: string | null,
  basePath: string,
): NotificationLink | null {
  const { title, paperId, recipientId } = notification;
  // The talk's entry of the published programme: the one the public schedule's "Add to calendar" gives.
  if (CALENDAR_TITLES.has(title) && paperId && paperOwnerId === recipientId)
    return { kind: 'file', label: ADD_TO_CALENDAR, url: `${basePath}/api/programme/events/${paperId}/calendar.ics` };
  if (!COMMITTEE_TITLES.has(title)) return null;
  if (paperId && paperOwnerId !== recipientId && title !== COMMITTEE_NOTICE_TITLES.unassigned)
    return { kind: 'page', label: 'Open your review', path: `/reviews/${paperId}` };
  return { kind: 'page', label: 'Your reviews', path: '/reviews' };
}
