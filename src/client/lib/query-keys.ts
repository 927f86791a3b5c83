/**
 * Every query key of the client, in one place. Keys are hierarchical: invalidating a prefix
 * refreshes everything under it, so `queryKeys.admin.all` after any admin change refreshes the
 * statistics, the tables and the review pages at once.
 */
export const queryKeys = {
  session: ['site', 'session'] as const,
  /** The public pages' texts (GET /site-content). */
  siteContent: ['site', 'content'] as const,
  /** The programme committee members named on the Committee page (GET /committee/public). */
  publicCommittee: ['committee', 'public'] as const,
  /** The conference's dates (GET /settings/deadlines): every page that shows one reads them here. */
  conferenceDates: ['settings', 'deadlines'] as const,
  /** Single- or double-blind review (GET /settings/review-mode). */
  reviewMode: ['settings', 'review-mode'] as const,
  /** The latest published programme (GET /programme): the Event Schedule. */
  publishedProgramme: ['programme', 'published'] as const,
  /** The signed-in author's place in it (GET /programme/mine). */
  myPresentation: ['programme', 'mine'] as const,
  captcha: (round: number, fetched: number) => ['auth', 'captcha', round, fetched] as const,
  account: {
    sessions: ['account', 'sessions'] as const,
    twoFactor: ['account', 'two-factor'] as const,
  },
  papers: {
    all: ['papers'] as const,
    mine: ['papers', 'user'] as const,
    submissionCount: ['papers', 'user-submissions'] as const,
    detail: (paperId: string) => ['papers', 'detail', paperId] as const,
  },
  /**
   * A paper's shared reviewer comments: outside `papers`, so that a paper action's refresh (which
   * its toast waits for) does not wait for them too.
   */
  reviewerComments: (paperId: string) => ['reviewer-comments', paperId] as const,
  /** A committee invitation, as its link's page shows it. */
  committeeInvitation: (token: string) => ['committee-invitation', token] as const,
  /** A committee member's own consent to be named on the public Committee page. */
  committeeListing: ['committee', 'listing'] as const,
  /** A committee member's bids. */
  bidding: ['committee', 'bids'] as const,
  /** A committee member's reviews, and one paper's review sheet. */
  myReviews: ['committee', 'reviews'] as const,
  reviewSheet: (paperId: string) => ['committee', 'reviews', paperId] as const,
  reviewDiscussion: (paperId: string) => ['committee', 'reviews', paperId, 'discussion'] as const,
  letters: {
    visaRequests: (paperId: string) => ['letters', 'visa-requests', paperId] as const,
    verification: (code: string) => ['letters', 'verification', code] as const,
  },
  chat: {
    unreadCounts: ['chat', 'unread-counts'] as const,
    messages: (paperId: string) => ['chat', 'messages', paperId] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    unreadCount: ['notifications', 'unread-count'] as const,
    bell: ['notifications', 'bell'] as const,
    page: (filter: string, page: number) => ['notifications', 'page', filter, page] as const,
  },
  admin: {
    all: ['admin'] as const,
    dashboard: (...parts: unknown[]) => ['admin', 'dashboard', ...parts] as const,
    paperList: ['admin', 'dashboard', 'papers'] as const,
    paper: (paperId: string) => ['admin', 'paper', paperId] as const,
    paperHistory: (paperId: string) => ['admin', 'paper', paperId, 'history'] as const,
    paperTimeline: (paperId: string) => ['admin', 'paper', paperId, 'timeline'] as const,
    paperConflicts: (paperId: string) => ['admin', 'paper', paperId, 'conflicts'] as const,
    paperReviewers: (paperId: string) => ['admin', 'paper', paperId, 'reviewers'] as const,
    paperReviews: (paperId: string) => ['admin', 'paper', paperId, 'reviews'] as const,
    paperDiscussion: (paperId: string) => ['admin', 'paper', paperId, 'discussion'] as const,
    /** Everything assignments change: papers' reviewers and timelines, the committee's loads. */
    assignments: ['admin', 'assignments'] as const,
    user: (userId: string) => ['admin', 'user', userId] as const,
    userPapers: (userId: string) => ['admin', 'user', userId, 'papers'] as const,
    userPaperCount: (userId: string) => ['admin', 'user', userId, 'papers', 'count'] as const,
    authEvents: (params: string) => ['admin', 'auth-events', params] as const,
    sentMessages: ['admin', 'messages'] as const,
    messages: (page: number) => ['admin', 'messages', page] as const,
    messageRecipients: (messageId: string, params: string) => ['admin', 'messages', messageId, params] as const,
    messageTemplates: ['admin', 'message-templates'] as const,
    /** The outbox's pages and its mails (GET /admin/outbox...). */
    outbox: ['admin', 'outbox'] as const,
    outboxPage: (params: string) => ['admin', 'outbox', 'page', params] as const,
    outboxMail: (mailId: string) => ['admin', 'outbox', 'mail', mailId] as const,
    mailTemplates: ['admin', 'mail-templates'] as const,
    mailTemplate: (key: string) => ['admin', 'mail-templates', key] as const,
    job: (jobId: string) => ['admin', 'jobs', jobId] as const,
    latestJob: (kind: string) => ['admin', 'jobs', 'latest', kind] as const,
    deadlines: ['admin', 'deadlines'] as const,
    allVisaRequests: ['admin', 'visa-requests'] as const,
    committee: ['admin', 'committee'] as const,
    /** The programme's draft (GET /admin/programme). */
    programme: ['admin', 'programme'] as const,
    automaticReminders: ['admin', 'committee', 'automatic-reminders'] as const,
    visaRequests: (status: string, page: number) => ['admin', 'visa-requests', status, page] as const,
  },
};
