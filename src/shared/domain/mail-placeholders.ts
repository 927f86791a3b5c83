import { currentConference } from '../conference.ts';
import { wallClockIn, weekdayOf, zoneAbbreviation } from '../format/dates.ts';
import { addCalendarDays, atConferenceWallClock } from './conference-datetime.ts';
import { announcedDates, conferenceDay } from './deadlines.ts';

/** A link on the site as a preview shows it: "https://example.org/ictacem2025/profile". */
const exampleLink = (page: string) => `https://example.org${currentConference().basePath}/${page}`;
const examplePaperId = () => `${currentConference().idPrefix}ABCDE`;

/**
 * "Friday 5 December 2025, 23:59 IST": a day of the conference's calendar, `days` from its first
 * day (or from `day`), at a time (or a span of times) on its clock.
 */
function exampleMoment(days: number, from: string, to?: string, day?: string): string {
  const { timeZone } = currentConference();
  const date = day ?? addCalendarDays(conferenceDay(announcedDates().conferenceStarts), days);
  const at = new Date(atConferenceWallClock(date, `${from}:00`));
  const clock = wallClockIn(at, timeZone);
  return `${weekdayOf(date)} ${clock.day} ${clock.monthName} ${clock.year}, ${from}${to ? `–${to}` : ''} ${zoneAbbreviation(at, timeZone)}`;
}

/**
 * Every placeholder the templates of the site's own e-mails use (domain/mail-templates.ts), with
 * what it becomes and an example a preview shows when the site has no value of its own (the
 * conference's own name, IDs, links and days where an example names them).
 */
export const MAIL_PLACEHOLDERS = {
  conference: {
    get description() {
      return `The conference’s name, as in “${currentConference().shortName}”`;
    },
    get example() {
      return currentConference().shortName;
    },
  },
  name: { description: 'The recipient’s name', example: 'Nguyễn Thị Lan' },
  paperId: {
    description: 'The paper’s ID',
    get example() {
      return examplePaperId();
    },
  },
  title: { description: 'The paper’s title', example: 'Turbulent mixing in stratified flows' },
  status: { description: 'The paper’s status after the change', example: 'Under Review' },
  comments: {
    description: 'The comments to the author, after a blank line and “Review comments:”; nothing when there are none',
    example: '\n\nReview comments:\nPlease shorten the introduction.',
  },
  reviewComments: { description: 'The new comments to the author', example: 'Please shorten the introduction.' },
  profileLink: {
    description: 'The link to the author’s profile on the site',
    get example() {
      return exampleLink('profile');
    },
  },
  heading: {
    description: 'The title of the notification in the site (its short text)',
    get example() {
      return `Deadline extended: ${examplePaperId()}`;
    },
  },
  message: {
    description: 'The text of the notification in the site',
    example: 'The full paper deadline of your paper is extended.',
  },
  step: { description: 'Which deadline, as in “full paper”', example: 'full paper' },
  until: {
    description: 'The new deadline',
    get example() {
      return exampleMoment(-10, '23:59');
    },
  },
  reason: { description: 'The reason the organisers gave', example: 'The upload failed on our side.' },
  paymentId: {
    description: 'The payment ID the author entered',
    get example() {
      return `CEP${currentConference().year}110412345`;
    },
  },
  submission: { description: '“abstract” or “full paper”', example: 'abstract' },
  fileName: { description: 'The document’s file name', example: 'reviewer-notes.pdf' },
  preview: {
    description: 'The start of the chat message (200 characters), or how many attachments it has',
    example: 'Could you send the figures in higher resolution?',
  },
  when: {
    description: 'The day, time, room and session of the presentation',
    get example() {
      return `${exampleMoment(0, '10:15', '10:30')}, Main Hall, in the oral session “Fluids I”`;
    },
  },
  previously: {
    description: 'When and where the presentation was before it moved',
    get example() {
      return `${exampleMoment(0, '09:00')}, Room 2`;
    },
  },
  scheduleLink: {
    description: 'The link to the programme',
    get example() {
      return exampleLink('schedule');
    },
  },
  inviter: { description: 'The name of the organiser who invites', example: 'Đặng Văn Minh' },
  themes: { description: 'The themes, one a line, each after “  - ”', example: '  - Fluid Mechanics' },
  maxPapers: { description: 'The most papers the member would review, as in “5 papers”', example: '5 papers' },
  note: {
    description: 'Your note to the invitee, after a blank line; nothing when you wrote none',
    example: '\n\nWe would be glad to have you.',
  },
  expires: {
    description: 'When the invitation link stops working',
    get example() {
      return exampleMoment(-14, '17:00');
    },
  },
  link: {
    description: 'The invitation link (made when the e-mail is sent; works once)',
    get example() {
      return exampleLink('committee-invitation/(made when sent)');
    },
  },
  paperCount: { description: 'How many papers, as in “a paper” or “3 papers”', example: 'a paper' },
  thesePapers: { description: '“this paper” or “these 3 papers”', example: 'this paper' },
  papers: { description: 'The papers’ titles, one a line, each after “  - ”', example: '  - Turbulent mixing' },
  reviewCount: { description: 'How many reviews, as in “a review” or “3 reviews”', example: 'a review' },
  deadline: {
    description: 'The review deadline',
    get example() {
      return exampleMoment(-15, '23:59');
    },
  },
  responseDeadline: {
    description: 'Until when the author may respond to the reviews (the paper’s own extension if it has one)',
    get example() {
      return exampleMoment(0, '23:59', undefined, conferenceDay(announcedDates().authorResponseDeadline));
    },
  },
  wordLimit: { description: 'The most words the response may have', example: '500' },
  certificates: {
    description: 'The certificates attached, one a line, each after “  - ” with its verification code',
    example: '  - Certificate of participation (verification code K7QD-9XMP-3RTA-W2HF)',
  },
  verifyLink: {
    description: 'The page where anyone checks a certificate’s verification code',
    get example() {
      return exampleLink('verify-letter');
    },
  },
  reviewsLink: {
    description: 'The link to the member’s reviews',
    get example() {
      return exampleLink('reviews');
    },
  },
} as const satisfies Record<string, { description: string; example: string }>;
export type MailPlaceholder = keyof typeof MAIL_PLACEHOLDERS;
