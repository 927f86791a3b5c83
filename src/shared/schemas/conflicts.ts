import { z } from 'zod';
import { COMMITTEE_MEMBER_STATUSES } from '../domain/committee.ts';
import {
  AUTOMATIC_CONFLICT_KINDS,
  CONFLICT_LIMITS,
  CONFLICT_RECORD_KINDS,
  CONFLICT_TEXTS,
} from '../domain/conflicts.ts';
import { okResponse } from './responses.ts';

const noteSchema = z
  .string(CONFLICT_TEXTS.noteRequired)
  .trim()
  .min(1, CONFLICT_TEXTS.noteRequired)
  .max(CONFLICT_LIMITS.note, CONFLICT_TEXTS.noteTooLong);

export const declareConflictBodySchema = z.object({
  memberId: z.uuid(CONFLICT_TEXTS.memberNotFound),
  note: noteSchema,
});
export type DeclareConflictBody = z.input<typeof declareConflictBodySchema>;

export const liftConflictBodySchema = z.object({ reason: noteSchema });
export type LiftConflictBody = z.input<typeof liftConflictBodySchema>;

const recordSchema = z.object({
  kind: z.enum(CONFLICT_RECORD_KINDS),
  note: z.string(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});

/** One committee member as a paper's conflicts panel shows them. */
export const memberConflictSchema = z
  .object({
    memberId: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.enum(COMMITTEE_MEMBER_STATUSES),
    /** What ties them to the paper's authors, found from the authors as they are now. */
    automatic: z.array(z.object({ kind: z.enum(AUTOMATIC_CONFLICT_KINDS), reason: z.string() })),
    /** A declaration or a lift in force, or null. */
    record: recordSchema.nullable(),
    /** Whether the member may not be assigned to the paper, nor see it. */
    conflicted: z.boolean(),
  })
  .meta({ id: 'MemberConflict' });
export type MemberConflict = z.infer<typeof memberConflictSchema>;

export const conflictHistoryEntrySchema = recordSchema.extend({
  memberName: z.string(),
  endedBy: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type ConflictHistoryEntry = z.infer<typeof conflictHistoryEntrySchema>;

export const paperConflictsSchema = z.object({
  members: z.array(memberConflictSchema),
  history: z.array(conflictHistoryEntrySchema),
});
export type PaperConflicts = z.infer<typeof paperConflictsSchema>;

export const paperConflictsResponseSchema = okResponse({ conflicts: paperConflictsSchema });
export const conflictChangedResponseSchema = okResponse({ message: z.string(), conflicts: paperConflictsSchema });
