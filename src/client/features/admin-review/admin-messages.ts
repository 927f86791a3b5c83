import type { SubmissionKind } from './history-timeline.ts';

const KIND_NAMES: Record<SubmissionKind, string> = { abstract: 'Abstract', fullpaper: 'Full paper' };

/** Spec 7: the server's message, else "{type} submission reset successfully" or "... restored successfully". */
export function toggleSuccessText(kind: SubmissionKind, reset: boolean, serverMessage: string | undefined): string {
  return serverMessage || `${KIND_NAMES[kind]} submission ${reset ? 'reset' : 'restored'} successfully`;
}

/** Spec 8: "Failed to toggle abstract submission" or "Failed to toggle fullpaper submission". */
export function toggleFailureText(kind: SubmissionKind): string {
  return `Failed to toggle ${kind} submission`;
}
