import type { CommitteeMember } from '@shared/schemas/committee.ts';
import type { CommitteeMemberRow } from './committee.repository.ts';

/** A member as the organisers' committee table shows them: never the link's token. */
export function presentCommitteeMember(
  row: CommitteeMemberRow,
  reviews: { assigned: number; reviewed: number; late: number } = { assigned: 0, reviewed: 0, late: 0 },
): CommitteeMember {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    affiliation: row.affiliation,
    themes: row.themes,
    maxPapers: row.maxPapers,
    status: row.status,
    note: row.note,
    declineReason: row.declineReason,
    userId: row.userId,
    invitedAt: row.invitedAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    invitationExpiresAt: row.status === 'invited' ? (row.invitationExpiresAt?.toISOString() ?? null) : null,
    ...reviews,
  };
}
