import { index, pgEnum, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PREFERENCE_BIDS } from '@shared/domain/bidding.ts';
import { committeeMembers } from './committee.ts';
import { papers } from './papers.ts';

export const bidEnum = pgEnum('committee_bid', PREFERENCE_BIDS);

/** A member's wish to review a paper, or not; a "Conflict" bid is a conflict record instead. */
export const committeeBids = pgTable(
  'committee_bids',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => committeeMembers.id, { onDelete: 'cascade' }),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    bid: bidEnum('bid').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.paperId] }), index('committee_bids_paper_idx').on(t.paperId)],
);
