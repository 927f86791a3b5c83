/** Conference-wide constants and labels shared by client and server (spec sections 3, 4, 9). */

export const ROLES = ['admin', 'author', 'volunteer'] as const;
export type Role = (typeof ROLES)[number];

export const PAPER_STATUSES = [
  'review_awaited',
  'review_in_progress',
  'author_response_awaited',
  'abstract_accepted',
  'declined',
] as const;
export type PaperStatus = (typeof PAPER_STATUSES)[number];

export const PAPER_STATUS_LABELS: Record<PaperStatus, string> = {
  review_awaited: 'Review Awaited',
  review_in_progress: 'Review in Progress',
  author_response_awaited: 'Author Response Awaited',
  abstract_accepted: 'Abstract Accepted',
  declined: 'Declined',
};

/** A theme as stored with a paper: one of the configured themes' labels (shared/conference.ts). */
export type Theme = string;
/** A presentation mode as stored with a paper: one of the configured modes' labels. */
export type PresentationMode = string;
/** What the pages and exports show for a paper stored without a mode (papers from before it was asked). */
export const MODE_NOT_SPECIFIED = 'Not specified';

export const SUBMISSION_KINDS = ['abstract', 'full_paper'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_VERSION_STATUSES = ['current', 'superseded', 'reset_by_admin'] as const;

export const NOTIFICATION_TYPES = [
  'paper_status_change',
  'abstract_reset',
  'fullpaper_reset',
  'review_comment',
  'paper_approved',
  'paper_declined',
  'system_notification',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['medium', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const NOTIFICATION_PAGE_SIZE = { bell: 10, page: 20, admin: 50, max: 100 } as const;

export const LIMITS = {
  /** ASVS 5.0: at least 8 characters, 12 for the organizers' accounts; no composition rules. */
  passwordMin: 8,
  adminPasswordMin: 12,
  /** The sign-in form's check: passwords chosen under the earlier 6-character rule still sign in. */
  signInPasswordMin: 6,
  /** Upper bound keeps argon2 hashing cost bounded for any request. */
  passwordMax: 128,
  usernameMax: 100,
  emailMax: 254,
  papersPerUser: 1,
  paperPdfBytes: 10 * 1024 * 1024,
  chatFilesPerMessage: 5,
  chatFileBytes: 5 * 1024 * 1024,
  captchaMin: 1,
  captchaMax: 10,
} as const;

/** UI timings from the spec, in milliseconds. */
export const TIMINGS = {
  captchaResetMs: 2500,
  pollMs: 30_000,
  /** Public and author side: a green success toast vanishes after 5 seconds. */
  successToastMs: 5000,
  /** Admin side 2.2: the dashboard's message banner clears a success after 3 seconds. */
  adminBannerSuccessMs: 3000,
  savedHighlightMs: 3000,
  loginRedirectMs: 2000,
  fullPaperRedirectMs: 2000,
  headerScrollPx: 20,
} as const;

export const PLACEHOLDER_PAYMENT_ID = 'TXN123456789';
