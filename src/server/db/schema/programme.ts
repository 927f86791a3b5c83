import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SESSION_KINDS } from '@shared/domain/programme.ts';
import { papers } from './papers.ts';
import { users } from './users.ts';

export const programmeRooms = pgTable(
  'programme_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    /** The rooms' order in the schedule's grid, left to right. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('programme_rooms_name_uq').on(sql`lower(${t.name})`),
    check('programme_rooms_capacity', sql`${t.capacity} > 0`),
  ],
);

export const programmeSessions = pgTable(
  'programme_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    kind: text('kind', { enum: SESSION_KINDS }).notNull(),
    theme: text('theme'),
    /** Null for a break that takes place nowhere in particular. */
    roomId: uuid('room_id').references(() => programmeRooms.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Names as printed: committee members or anyone else. */
    chairs: text('chairs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('programme_sessions_room_starts_idx').on(t.roomId, t.startsAt),
    check('programme_sessions_order', sql`${t.endsAt} > ${t.startsAt}`),
    check('programme_sessions_kind', sql`${t.kind} in ('plenary', 'keynote', 'oral', 'poster', 'break')`),
  ],
);

/** An accepted paper in the programme: a talk in an oral session, or a poster on a board. */
export const programmeTalks = pgTable(
  'programme_talks',
  {
    paperId: uuid('paper_id')
      .primaryKey()
      .references(() => papers.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => programmeSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    minutes: integer('minutes').notNull(),
    board: text('board').notNull().default(''),
    /** Placed against the mode of presentation the author chose (oral in a poster session, or the reverse). */
    modeOverridden: boolean('mode_overridden').notNull().default(false),
  },
  (t) => [index('programme_talks_session_idx').on(t.sessionId, t.position)],
);

/** The draft's version: every edit raises it, and an edit made on an older one is refused (409). */
export const programmeDraft = pgTable(
  'programme_draft',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('programme_draft_one_row', sql`${t.id} = 1`)],
);

/** A published programme: what the public page and the feeds serve, and its changes against the previous. */
export const programmeVersions = pgTable('programme_versions', {
  number: integer('number').primaryKey(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  programme: jsonb('programme').notNull(),
  changes: jsonb('changes').notNull(),
});
