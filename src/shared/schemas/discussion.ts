import { z } from 'zod';
import { DISCUSSION_LIMITS, DISCUSSION_TEXTS } from '../domain/discussion.ts';
import { okResponse } from './responses.ts';

export const discussionBodySchema = z.object({
  body: z
    .string(DISCUSSION_TEXTS.bodyRequired)
    .trim()
    .min(1, DISCUSSION_TEXTS.bodyRequired)
    .max(DISCUSSION_LIMITS.body, DISCUSSION_TEXTS.bodyTooLong),
});
export type DiscussionBody = z.input<typeof discussionBodySchema>;

const messageSchema = z.object({
  _id: z.string(),
  /** "Reviewer 2", "Organisers" for a member; the name (and reviewer number) for organisers. */
  author: z.string(),
  own: z.boolean(),
  body: z.string(),
  at: z.string(),
});

/** What a member reads under their review: nothing until it is submitted. */
export const memberDiscussionSchema = z
  .object({
    available: z.boolean(),
    /** The member's own number among the paper's reviewers. */
    label: z.string(),
    otherReviews: z.array(
      z.object({
        label: z.string(),
        mark: z.number(),
        confidence: z.number(),
        commentsToAuthors: z.string(),
        confidentialComments: z.string(),
      }),
    ),
    messages: z.array(messageSchema),
  })
  .meta({ id: 'MemberDiscussion' });
export type MemberDiscussion = z.infer<typeof memberDiscussionSchema>;

export const paperDiscussionSchema = z.object({ messages: z.array(messageSchema) }).meta({ id: 'PaperDiscussion' });
export type PaperDiscussion = z.infer<typeof paperDiscussionSchema>;

export const memberDiscussionResponseSchema = okResponse({ discussion: memberDiscussionSchema });
export const paperDiscussionResponseSchema = okResponse({ discussion: paperDiscussionSchema });
export const memberMessagePostedResponseSchema = okResponse({
  message: z.string(),
  discussion: memberDiscussionSchema,
});
export const organiserMessagePostedResponseSchema = okResponse({
  message: z.string(),
  discussion: paperDiscussionSchema,
});
