import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONFLICT_RECORD_KINDS } from '@shared/domain/conflicts.ts';
import { committeeMembers } from './committee.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

export const conflictRecordKindEnum = pgEnum('conflict_record_kind', CONFLICT_RECORD_KINDS);

/**
 * Declared conflicts and lifted automatic ones, as a history: a record is ended, never deleted, so
 * who declared or lifted what, why and when stays readable after it is undone.
 */
export const conflictRecords = pgTable(
  'conflict_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => committeeMembers.id, { onDelete: 'cascade' }),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    kind: conflictRecordKindEnum('kind').notNull(),
    /** The organiser's reason or note; the member's own declaration needs none. */
    note: text('note').notNull().default(''),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // One record in force per member and paper: two organisers acting at once cannot both add one.
    uniqueIndex('conflict_records_current_uq')
      .on(t.memberId, t.paperId)
      .where(sql`${t.endedAt} is null`),
    index('conflict_records_paper_idx').on(t.paperId, t.recordedAt),
  ],
);
