/**
 * Conflicts of interest between committee members and papers. Automatic ones are found from the
 * authors (modules/conflicts); declared ones are recorded by a member or an organiser; an
 * organiser may lift an automatic one, with a reason. A conflicted member is never assigned.
 */

export const AUTOMATIC_CONFLICT_KINDS = [
  'own_paper',
  'author_email',
  'author',
  'co_author',
  'email_domain',
  'affiliation',
] as const;
export type AutomaticConflictKind = (typeof AUTOMATIC_CONFLICT_KINDS)[number];

/**
 * The conflicts no organiser may lift: the member submitted the paper, or an author's e-mail on it
 * is the member's own. Every other automatic match may be a false one (a common name, a former
 * employer) and can be lifted with a reason.
 */
export const UNLIFTABLE_CONFLICT_REASONS: Partial<Record<AutomaticConflictKind, string>> = {
  own_paper: 'This conflict cannot be lifted: the member submitted this paper.',
  author_email: 'This conflict cannot be lifted: the member is an author of this paper.',
};

/** Why these automatic conflicts cannot be lifted, or null when they can. */
export function unliftableReason(kinds: readonly AutomaticConflictKind[]): string | null {
  for (const kind of kinds) {
    const reason = UNLIFTABLE_CONFLICT_REASONS[kind];
    if (reason) return reason;
  }
  return null;
}

/** The recorded states of a member and a paper: at most one holds at a time. */
export const CONFLICT_RECORD_KINDS = ['declared_by_member', 'declared_by_organiser', 'lifted'] as const;
export type ConflictRecordKind = (typeof CONFLICT_RECORD_KINDS)[number];

export const CONFLICT_LIMITS = { note: 500 } as const;

/** Why a member is conflicted with a paper, as the organiser reads it. */
export const AUTOMATIC_CONFLICT_LABELS: Record<AutomaticConflictKind, (detail: string) => string> = {
  own_paper: () => 'Submitted this paper',
  author_email: (email) => `An author of this paper (${email})`,
  author: (name) => `Named as an author (${name})`,
  co_author: (name) => `Has written a paper with ${name}, an author of this paper`,
  email_domain: (domain) => `Same e-mail domain as the submitter (${domain})`,
  affiliation: (affiliation) => `Same institution as an author (${affiliation})`,
};

export const CONFLICT_TEXTS = {
  declared: (name: string) => `${name} is now recorded as conflicted with this paper.`,
  withdrawn: (name: string) => `The conflict declared for ${name} was withdrawn.`,
  lifted: (name: string) => `The automatic conflict of ${name} was lifted; they may now be assigned.`,
  restored: (name: string) => `The automatic conflict of ${name} applies again.`,
  noteRequired: 'Please say why: the note is kept with the paper.',
  noteTooLong: `The note is limited to ${CONFLICT_LIMITS.note} characters.`,
  memberNotFound: 'Committee member not found.',
  alreadyConflicted: 'This member is already conflicted with this paper.',
  nothingToLift: 'This member has no automatic conflict with this paper to lift.',
  declaredNotLifted: 'A declared conflict is withdrawn, not lifted.',
  declaredByMember: 'The member declared this conflict; only they can withdraw it.',
  nothingToWithdraw: 'There is no declared conflict or lifted conflict to undo for this member.',
} as const;
