import type { PaperStatus, SubmissionKind } from '../constants.ts';
import { DEADLINE_MESSAGES, type DeadlineStep, isOpenAt, type StepDeadline } from './deadlines.ts';

/**
 * The one state machine of a paper (docs/architecture.md, "The paper state machine"). Every
 * change to a paper, by its author or an admin, is one of these actions; the server asks
 * `transition` whether it is allowed and what the paper looks like afterwards, writes exactly
 * that, and records the step on the paper's timeline. The client uses the same rules to offer
 * only what the server will accept.
 */

/** A submission file: never uploaded, the current upload, or taken away by an admin reset. */
export type FileState = 'none' | 'current' | 'reset';

export interface PaperState {
  status: PaperStatus;
  /** An abstract exists from the first submission on: it is current or reset, never none. */
  abstract: Exclude<FileState, 'none'>;
  fullPaper: FileState;
  /** A real payment ID is recorded (see isRealPaymentId). */
  paid: boolean;
}

export const AUTHOR_ACTIONS = [
  'submitted',
  'abstract_reupload',
  'payment_added',
  'full_paper_submitted',
  'response_submitted',
] as const;
export const ADMIN_ACTIONS = [
  'status_change',
  'evaluation',
  'abstract_reset',
  'fullpaper_reset',
  'abstract_restore',
  'fullpaper_restore',
  'admin_file_upload',
  'admin_file_visibility',
  'admin_file_delete',
  'deadline_extended',
  'reviewers_assigned',
  'payment_confirmed',
  'payment_rejected',
] as const;
/**
 * The committee's steps on a paper: on its timeline, but outside the state machine (a paper's
 * state is the same before and after them). A decision held for a later release is one: the
 * paper changes when it is released.
 */
export const COMMITTEE_ACTIONS = [
  'reviewer_assigned',
  'reviewer_unassigned',
  'review_submitted',
  'review_updated',
  'decision_held',
] as const;
export type CommitteeAction = (typeof COMMITTEE_ACTIONS)[number];

/** Written once per paper by the migration that introduced the timeline: the state found then. */
export const BASELINE_ACTION = 'baseline';

export type AuthorAction = (typeof AUTHOR_ACTIONS)[number];
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export type PaperActionType = AuthorAction | AdminAction;

export type PaperAction =
  { type: 'status_change'; status: PaperStatus } | { type: Exclude<PaperActionType, 'status_change'> };

export const PAPER_ACTION_LABELS: Record<PaperActionType | CommitteeAction | typeof BASELINE_ACTION, string> = {
  submitted: 'Abstract submitted',
  abstract_reupload: 'Abstract re-uploaded',
  payment_added: 'Payment ID added',
  full_paper_submitted: 'Full paper submitted',
  response_submitted: 'Response to the reviews submitted',
  status_change: 'Review',
  evaluation: 'Evaluation',
  abstract_reset: 'Abstract reset',
  fullpaper_reset: 'Full paper reset',
  abstract_restore: 'Abstract restored',
  fullpaper_restore: 'Full paper restored',
  admin_file_upload: 'Admin file uploaded',
  admin_file_visibility: 'Admin file sharing changed',
  admin_file_delete: 'Admin file deleted',
  deadline_extended: 'Deadline extended',
  reviewers_assigned: 'Reviewers assigned',
  payment_confirmed: 'Payment confirmed',
  payment_rejected: 'Payment rejected',
  reviewer_assigned: 'Reviewer assigned',
  reviewer_unassigned: 'Reviewer unassigned',
  review_submitted: 'Review submitted',
  review_updated: 'Review updated',
  decision_held: 'Decision held',
  baseline: 'Recorded state',
};

/** The role in which someone took a step on a paper, as its timeline names them. */
export const TIMELINE_ROLES = ['organiser', 'committee_member', 'author'] as const;
export type TimelineRole = (typeof TIMELINE_ROLES)[number];
export const TIMELINE_ROLE_LABELS: Record<TimelineRole, string> = {
  organiser: 'Organiser',
  committee_member: 'Committee member',
  author: 'Author',
};

/** The steps a committee member takes on a paper they review; the other committee steps are an organiser's. */
const MEMBER_ACTIONS: readonly string[] = ['review_submitted', 'review_updated'] satisfies CommitteeAction[];

/**
 * The actor's role on the paper for a step, read from the step itself rather than from the
 * account: an organiser's account that reviews a paper submits its review as a committee member,
 * and a member's account that submitted a paper is its author.
 */
export function timelineRoleOf(action: string): TimelineRole {
  if (isAuthorAction(action)) return 'author';
  return MEMBER_ACTIONS.includes(action) ? 'committee_member' : 'organiser';
}

export function isAuthorAction(action: string): action is AuthorAction {
  return (AUTHOR_ACTIONS as readonly string[]).includes(action);
}

export function isCommitteeAction(action: string): action is CommitteeAction {
  return (COMMITTEE_ACTIONS as readonly string[]).includes(action);
}

export function isPaperAction(action: string): action is PaperActionType {
  return isAuthorAction(action) || (ADMIN_ACTIONS as readonly string[]).includes(action);
}

export const WORKFLOW_MESSAGES = {
  notSubmitted: 'This paper has not been submitted.',
  alreadySubmitted: 'This paper has already been submitted.',
  reuploadNotReset: 'The abstract can be re-uploaded only after an administrator has reset it.',
  paymentNotAccepted: 'A payment ID can be added only after the abstract is accepted.',
  paymentAlreadySet: 'The payment ID has already been saved and cannot be changed.',
  fullPaperNotAccepted: 'A full paper can be submitted only after the abstract is accepted.',
  fullPaperNotPaid: 'Please add your payment ID before submitting the full paper.',
  fullPaperAlreadySubmitted: 'A full paper has already been submitted for this paper.',
  nothingToReset: (kind: SubmissionKind) => `There is no ${kindWord(kind)} file to reset.`,
  nothingToRestore: (kind: SubmissionKind) => `There is no reset ${kindWord(kind)} submission to restore.`,
  restoreAlreadySubmitted: (kind: SubmissionKind) => `The ${kindWord(kind)} is submitted; there is nothing to restore.`,
  reviewAlreadyStarted: 'The review of this paper has already started.',
  responseNotAwaited: 'This paper is not awaiting a response to the reviews.',
  noPaymentId: 'This paper has no payment ID to confirm or reject.',
} as const;

function kindWord(kind: SubmissionKind): string {
  return kind === 'abstract' ? 'abstract' : 'full paper';
}

/** A refusal by the clock (403) rather than by the paper's state (409). */
export type Transition = { ok: true; next: PaperState } | { ok: false; message: string; deadline?: true };

const allow = (next: PaperState): Transition => ({ ok: true, next });
const refuse = (message: string): Transition => ({ ok: false, message });

/**
 * When an author step happens, and until when it is open for this paper. A step whose deadline
 * is null has none (an admin reset without a date: the re-upload is open until done).
 */
export interface StepTiming {
  now: Date;
  graceMs: number;
  /** Abstract submission opens then; only new papers ask. */
  abstractOpens: string;
  deadlines: Record<DeadlineStep, StepDeadline | null>;
}

const STEP_OF_ACTION: Partial<Record<PaperActionType, DeadlineStep>> = {
  submitted: 'abstract',
  abstract_reupload: 'abstract',
  payment_added: 'payment',
  full_paper_submitted: 'fullPaper',
  response_submitted: 'response',
};

/** The deadline an action must meet, if any. */
function deadlineStepOf(action: PaperAction): DeadlineStep | undefined {
  return STEP_OF_ACTION[action.type];
}

function refusedByClock(action: PaperAction, timing: StepTiming): Transition | null {
  if (action.type === 'submitted' && timing.now.getTime() < Date.parse(timing.abstractOpens))
    return { ok: false, message: DEADLINE_MESSAGES.notOpenYet(timing.abstractOpens), deadline: true };
  const step = deadlineStepOf(action);
  const deadline = step && timing.deadlines[step];
  if (!step || !deadline || isOpenAt(deadline.closesAt, timing.now, timing.graceMs)) return null;
  return { ok: false, message: DEADLINE_MESSAGES.passed(step, deadline.closesAt), deadline: true };
}

function resetOrRestore(state: PaperState, kind: SubmissionKind, reset: boolean): Transition {
  const file = kind === 'abstract' ? state.abstract : state.fullPaper;
  const write = (value: FileState) =>
    allow(
      kind === 'abstract' ? { ...state, abstract: value as PaperState['abstract'] } : { ...state, fullPaper: value },
    );
  if (reset) return file === 'current' ? write('reset') : refuse(WORKFLOW_MESSAGES.nothingToReset(kind));
  if (file === 'reset') return write('current');
  return refuse(
    file === 'current' ? WORKFLOW_MESSAGES.restoreAlreadySubmitted(kind) : WORKFLOW_MESSAGES.nothingToRestore(kind),
  );
}

/**
 * What `action` does to a paper in `state` (null: the paper does not exist yet), and whether
 * it is still on time: an author step past its deadline is refused once the state allows it.
 * Author steps must bring their `timing`; admin steps have no deadline.
 */
export function transition(state: PaperState | null, action: PaperAction, timing?: StepTiming): Transition {
  const result = transitionOfState(state, action);
  if (!result.ok || !timing) return result;
  return refusedByClock(action, timing) ?? result;
}

/**
 * The state's answer alone. Nothing here but an organiser's rejection of a payment removes a
 * payment, and nothing removes a full paper: a review decision or an abstract re-upload leaves both as they are, so a paper that returns to review and is
 * accepted again keeps what its author paid and uploaded.
 */
function transitionOfState(state: PaperState | null, action: PaperAction): Transition {
  if (action.type === 'submitted') {
    return state
      ? refuse(WORKFLOW_MESSAGES.alreadySubmitted)
      : allow({ status: 'review_awaited', abstract: 'current', fullPaper: 'none', paid: false });
  }
  if (!state) return refuse(WORKFLOW_MESSAGES.notSubmitted);
  switch (action.type) {
    case 'abstract_reupload':
      // The spec: re-uploading after a reset sends the paper back to review, whatever it was.
      return state.abstract === 'reset'
        ? allow({ ...state, abstract: 'current', status: 'review_awaited' })
        : refuse(WORKFLOW_MESSAGES.reuploadNotReset);
    case 'payment_added':
      if (state.status !== 'abstract_accepted') return refuse(WORKFLOW_MESSAGES.paymentNotAccepted);
      return state.paid ? refuse(WORKFLOW_MESSAGES.paymentAlreadySet) : allow({ ...state, paid: true });
    case 'full_paper_submitted':
      if (state.status !== 'abstract_accepted') return refuse(WORKFLOW_MESSAGES.fullPaperNotAccepted);
      if (!state.paid) return refuse(WORKFLOW_MESSAGES.fullPaperNotPaid);
      return state.fullPaper === 'current'
        ? refuse(WORKFLOW_MESSAGES.fullPaperAlreadySubmitted)
        : allow({ ...state, fullPaper: 'current' });
    case 'response_submitted':
      // The author's answer sends the paper back to its reviewers, who may revise their marks.
      return state.status === 'author_response_awaited'
        ? allow({ ...state, status: 'review_in_progress' })
        : refuse(WORKFLOW_MESSAGES.responseNotAwaited);
    case 'status_change':
      return allow({ ...state, status: action.status });
    case 'reviewers_assigned':
      // The first reviewer starts the reading; later ones, and unassignments, leave the status alone.
      return state.status === 'review_awaited'
        ? allow({ ...state, status: 'review_in_progress' })
        : refuse(WORKFLOW_MESSAGES.reviewAlreadyStarted);
    case 'abstract_reset':
      return resetOrRestore(state, 'abstract', true);
    case 'fullpaper_reset':
      return resetOrRestore(state, 'full_paper', true);
    case 'abstract_restore':
      return resetOrRestore(state, 'abstract', false);
    case 'fullpaper_restore':
      return resetOrRestore(state, 'full_paper', false);
    case 'payment_confirmed':
      return state.paid ? allow(state) : refuse(WORKFLOW_MESSAGES.noPaymentId);
    case 'payment_rejected':
      // The ID is cleared: the author may enter another. A full paper already uploaded stays.
      return state.paid ? allow({ ...state, paid: false }) : refuse(WORKFLOW_MESSAGES.noPaymentId);
    case 'evaluation':
    case 'admin_file_upload':
    case 'admin_file_visibility':
    case 'admin_file_delete':
    case 'deadline_extended':
      return allow(state);
  }
}

export function sameState(a: PaperState, b: PaperState): boolean {
  return a.status === b.status && a.abstract === b.abstract && a.fullPaper === b.fullPaper && a.paid === b.paid;
}

/** What a paper that does not exist, or is not the caller's to see, answers. */
export const PAPER_NOT_FOUND = 'Paper not found.';
