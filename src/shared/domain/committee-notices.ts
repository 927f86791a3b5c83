import { PAPER_STATUS_LABELS, type PaperStatus } from '../constants.ts';
import { formatCount } from '../format/numbers.ts';
import { formatConferenceTime } from './deadlines.ts';

/**
 * What a committee member is told in the site (the bell and the notifications page), whether or
 * not a mail server sends them the e-mail too. A notice names only what the member may read
 * on their own pages: titles of papers they review, reviewers by number, never an author.
 */
export const COMMITTEE_NOTICE_TITLES = {
  welcome: 'Welcome to the programme committee',
  assigned: 'Papers assigned to you',
  unassigned: 'A paper was taken off your list',
  reminder: 'Reviews still to submit',
  discussion: 'New message in a paper’s discussion',
  decision: 'A paper you reviewed was decided',
} as const;

const titleList = (titles: readonly string[]) => titles.map((title) => `“${title}”`).join(', ');

export const COMMITTEE_NOTICE_TEXTS = {
  welcome:
    'You accepted the invitation to the programme committee. The papers assigned to you will be listed under Reviews; you will be told here when they are.',
  assigned: (titles: readonly string[]) =>
    `The organisers asked you to review ${titles.length === 1 ? 'this paper' : `these ${formatCount(titles.length)} papers`}: ${titleList(titles)}.`,
  unassigned: (title: string) => `The organisers took “${title}” off your list: you no longer review it.`,
  reminder: (deadline: string, titles: readonly string[]) =>
    `Reviews are due by ${formatConferenceTime(deadline)}. Still to be submitted: ${titleList(titles)}.`,
  discussion: (writer: string, title: string) => `${writer} wrote in the discussion of “${title}”.`,
  decision: (title: string, status: PaperStatus) => `“${title}”: ${PAPER_STATUS_LABELS[status]}.`,
} as const;
