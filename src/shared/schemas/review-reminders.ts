import { z } from 'zod';
import { okResponse } from './responses.ts';

export const reviewReminderRoundSchema = z.object({
  daysBefore: z.number(),
  /** When the round goes out: this many days before the current review deadline. */
  dueAt: z.string(),
  /** When it went out, and to how many members; null before. */
  sentAt: z.string().nullable(),
  members: z.number().nullable(),
});

export const automaticRemindersSchema = z
  .object({
    automatic: z.boolean(),
    /** Whether the site can send them at all (a mail server is configured). */
    byEmail: z.boolean(),
    rounds: z.array(reviewReminderRoundSchema),
  })
  .meta({ id: 'AutomaticReminders' });
export type AutomaticReminders = z.infer<typeof automaticRemindersSchema>;

export const automaticRemindersResponseSchema = okResponse({ reminders: automaticRemindersSchema });
export const setAutomaticRemindersBodySchema = z.object({ automatic: z.boolean() });
export const automaticRemindersSavedResponseSchema = okResponse({
  message: z.string(),
  reminders: automaticRemindersSchema,
});
