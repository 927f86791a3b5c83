import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** An organiser's wording of one of the site's own e-mails; no row: the default text. */
export const mailTemplates = pgTable('mail_templates', {
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every save and restore of a template: who, when, and the text it left (null: the default again). */
export const mailTemplateChanges = pgTable(
  'mail_template_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    subject: text('subject'),
    body: text('body'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_template_changes_key_idx').on(t.key, t.changedAt)],
);
