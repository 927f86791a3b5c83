/**
 * Every placeholder the templates of the site's own e-mails use (domain/mail-templates.ts), with
 * what it becomes and an example a preview shows when the site has no value of its own.
 */
export const MAIL_PLACEHOLDERS = {
  conference: { description: 'The conference’s name, as in “ICTACEM 2025”', example: 'ICTACEM 2025' },
  name: { description: 'The recipient’s name', example: 'Nguyễn Thị Lan' },
  paperId: { description: 'The paper’s ID', example: 'ICTACEMP2025ABCDE' },
  title: { description: 'The paper’s title', example: 'Turbulent mixing in stratified flows' },
  status: { description: 'The paper’s status after the change', example: 'Under Review' },
  comments: {
    description: 'The comments to the author, after a blank line and “Review comments:”; nothing when there are none',
    example: '\n\nReview comments:\nPlease shorten the introduction.',
  },
  reviewComments: { description: 'The new comments to the author', example: 'Please shorten the introduction.' },
  profileLink: {
    description: 'The link to the author’s profile on the site',
    example: 'https://example.org/ictacem2025/profile',
  },
  heading: {
    description: 'The title of the notification in the site (its short text)',
    example: 'Deadline extended: ICTACEMP2025ABCDE',
  },
  message: {
    description: 'The text of the notification in the site',
    example: 'The full paper deadline of your paper is extended.',
  },
  step: { description: 'Which deadline, as in “full paper”', example: 'full paper' },
  until: { description: 'The new deadline', example: 'Friday 5 December 2025, 23:59 IST' },
  reason: { description: 'The reason the organisers gave', example: 'The upload failed on our side.' },
  paymentId: { description: 'The payment ID the author entered', example: 'CEP2025110412345' },
  submission: { description: '“abstract” or “full paper”', example: 'abstract' },
  fileName: { description: 'The document’s file name', example: 'reviewer-notes.pdf' },
  preview: {
    description: 'The start of the chat message (200 characters), or how many attachments it has',
    example: 'Could you send the figures in higher resolution?',
  },
  when: {
    description: 'The day, time, room and session of the presentation',
    example: 'Monday 15 December 2025, 10:15–10:30 IST, Main Hall, in the oral session “Fluids I”',
  },
  previously: {
    description: 'When and where the presentation was before it moved',
    example: 'Monday 15 December 2025, 09:00 IST, Room 2',
  },
  scheduleLink: { description: 'The link to the programme', example: 'https://example.org/ictacem2025/schedule' },
  inviter: { description: 'The name of the organiser who invites', example: 'Đặng Văn Minh' },
  themes: { description: 'The themes, one a line, each after “  - ”', example: '  - Fluid Mechanics' },
  maxPapers: { description: 'The most papers the member would review, as in “5 papers”', example: '5 papers' },
  note: {
    description: 'Your note to the invitee, after a blank line; nothing when you wrote none',
    example: '\n\nWe would be glad to have you.',
  },
  expires: { description: 'When the invitation link stops working', example: 'Monday 1 December 2025, 17:00 IST' },
  link: {
    description: 'The invitation link (made when the e-mail is sent; works once)',
    example: 'https://example.org/ictacem2025/committee-invitation/(made when sent)',
  },
  paperCount: { description: 'How many papers, as in “a paper” or “3 papers”', example: 'a paper' },
  thesePapers: { description: '“this paper” or “these 3 papers”', example: 'this paper' },
  papers: { description: 'The papers’ titles, one a line, each after “  - ”', example: '  - Turbulent mixing' },
  reviewCount: { description: 'How many reviews, as in “a review” or “3 reviews”', example: 'a review' },
  deadline: { description: 'The review deadline', example: 'Sunday 30 November 2025, 23:59 IST' },
  responseDeadline: {
    description: 'Until when the author may respond to the reviews (the paper’s own extension if it has one)',
    example: 'Thursday 30 October 2025, 23:59 IST',
  },
  wordLimit: { description: 'The most words the response may have', example: '500' },
  certificates: {
    description: 'The certificates attached, one a line, each after “  - ” with its verification code',
    example: '  - Certificate of participation (verification code K7QD-9XMP-3RTA-W2HF)',
  },
  verifyLink: {
    description: 'The page where anyone checks a certificate’s verification code',
    example: 'https://example.org/ictacem2025/verify-letter',
  },
  reviewsLink: { description: 'The link to the member’s reviews', example: 'https://example.org/ictacem2025/reviews' },
} as const satisfies Record<string, { description: string; example: string }>;
export type MailPlaceholder = keyof typeof MAIL_PLACEHOLDERS;
