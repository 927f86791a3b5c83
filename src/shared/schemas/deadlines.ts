import { z } from 'zod';
import {
  CONFERENCE_DATE_INFO,
  CONFERENCE_DATE_KEYS,
  type ConferenceDateKey,
  DEADLINE_MESSAGES,
  DEADLINE_STEPS,
  isIsoWithOffset,
  withColonOffset,
} from '../domain/deadlines.ts';
import { okResponse } from './responses.ts';

export const DEADLINE_LIMITS = { reason: 500 } as const;

/** `title` is read when a value is refused: a date's title may name the configured conference. */
const isoWithOffset = (title: string | (() => string)) =>
  z
    .string()
    .trim()
    .refine(isIsoWithOffset, {
      error: () => DEADLINE_MESSAGES.notIsoWithOffset(typeof title === 'string' ? title : title()),
    })
    .transform(withColonOffset);

const conferenceDatesShape = Object.fromEntries(CONFERENCE_DATE_KEYS.map((key) => [key, z.string()])) as Record<
  ConferenceDateKey,
  z.ZodString
>;

export const conferenceDatesSchema = z.object(conferenceDatesShape).meta({ id: 'ConferenceDates' });

/** GET /api/settings/deadlines: the dates every page shows, ISO 8601 with their offsets. */
export const publicDeadlinesResponseSchema = okResponse({
  dates: conferenceDatesSchema,
  /** The conference's IANA time zone and the name shown after a time ("IST"). */
  timeZone: z.string(),
  timeZoneName: z.string(),
});
export type PublicDeadlines = z.infer<typeof publicDeadlinesResponseSchema>;

/** Where a date's value comes from: the announced default, configuration, or an admin's change. */
export const DATE_SOURCES = ['announced', 'configuration', 'changed'] as const;
export type DateSource = (typeof DATE_SOURCES)[number];

export const conferenceDateChangeSchema = z
  .object({
    _id: z.string(),
    key: z.enum(CONFERENCE_DATE_KEYS),
    oldValue: z.string(),
    newValue: z.string(),
    changedBy: z.string().nullable(),
    changedAt: z.string(),
  })
  .meta({ id: 'ConferenceDateChange' });
export type ConferenceDateChange = z.infer<typeof conferenceDateChangeSchema>;

export const adminDeadlinesResponseSchema = okResponse({
  dates: conferenceDatesSchema,
  sources: z.record(z.enum(CONFERENCE_DATE_KEYS), z.enum(DATE_SOURCES)),
  /** The most words an author's response to the reviews may have (default 500). */
  responseWordLimit: z.number(),
  graceMinutes: z.number(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  /** Newest first, the last 200. */
  changes: z.array(conferenceDateChangeSchema),
});
export type AdminDeadlines = z.infer<typeof adminDeadlinesResponseSchema>;

/** PUT /api/admin/settings/deadlines: the dates to change, the conference days among them; the others stay. */
export const updateDeadlinesBodySchema = z.strictObject(
  Object.fromEntries(
    CONFERENCE_DATE_KEYS.map((key) => [key, isoWithOffset(() => CONFERENCE_DATE_INFO[key].title).optional()]),
  ) as Record<ConferenceDateKey, z.ZodOptional<ReturnType<typeof isoWithOffset>>>,
);
export type UpdateDeadlinesBody = z.infer<typeof updateDeadlinesBodySchema>;

export const updateDeadlinesResponseSchema = adminDeadlinesResponseSchema.extend({ message: z.string() });

/** A step's deadline for one paper; null when it has none (a reset without a date). */
export const stepDeadlineSchema = z.object({ closesAt: z.string(), extended: z.boolean() }).nullable();

export const paperDeadlinesSchema = z
  .object({
    abstract: stepDeadlineSchema,
    payment: stepDeadlineSchema,
    fullPaper: stepDeadlineSchema,
    /** Null unless the paper awaits its author's response to the reviews. */
    response: stepDeadlineSchema,
  })
  .meta({ id: 'PaperDeadlines' });

/** POST /api/admin/papers/{id}/deadline-extensions. */
export const deadlineExtensionBodySchema = z.object({
  step: z.enum(DEADLINE_STEPS),
  closesAt: isoWithOffset('The extension'),
  reason: z
    .string()
    .trim()
    .min(1, DEADLINE_MESSAGES.extensionReasonRequired)
    .max(DEADLINE_LIMITS.reason, `The reason is limited to ${DEADLINE_LIMITS.reason} characters.`),
});
export type DeadlineExtensionBody = z.infer<typeof deadlineExtensionBodySchema>;

/** The date a reset's re-upload is open until; none: open until the author uploads. */
export const reuploadUntilSchema = isoWithOffset('The re-upload date').optional();

/** The paper list filter that shows the papers a deadline still waits for. */
export const pendingPapersFilterSchema = z.object({
  status: z.literal('abstract_accepted').optional(),
  payment: z.literal('unpaid').optional(),
  fullPaper: z.literal('no').optional(),
});

/** GET /api/admin/next-deadline: the next deadline still open, and how many papers it waits for. */
export const nextDeadlineResponseSchema = okResponse({
  next: z
    .object({
      step: z.enum(DEADLINE_STEPS),
      title: z.string(),
      closesAt: z.string(),
      /** Papers still missing the step it closes (for the abstract: abstracts submitted so far). */
      count: z.number(),
      /** "accepted papers without a full paper". */
      countLabel: z.string(),
      filter: pendingPapersFilterSchema,
    })
    .nullable(),
});
export type NextDeadline = NonNullable<z.infer<typeof nextDeadlineResponseSchema>['next']>;
