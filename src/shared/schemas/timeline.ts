import type { PaperStatus, Role } from '../constants.ts';

/** One step of a paper's life, as an admin's timeline shows it (GET /admin/papers/{id}/timeline). */
export interface PaperTimelineEntry {
  _id: string;
  /** A state-machine action (paper-workflow.ts), 'baseline', or an older admin action. */
  action: string;
  label: string;
  at: string;
  /** Who did it; null when the account is gone or the entry was written by the system. */
  actor: { name: string; role: Role } | null;
  fromStatus: PaperStatus | null;
  toStatus: PaperStatus | null;
  /** The review comments or the reset reason given with the step. */
  reason: string | null;
  fileName: string | null;
  version: number | null;
  /** Evaluation steps only: the marks before and after (admins may read them). */
  marks: { from: number | null; to: number | null } | null;
  visibleToUser: boolean | null;
}
