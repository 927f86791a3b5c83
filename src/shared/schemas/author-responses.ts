import { z } from 'zod';
import { RESPONSE_MAX_CHARACTERS, RESPONSE_TEXTS, RESPONSE_WORD_LIMIT } from '../domain/author-responses.ts';
import { publishable, withLineFeeds } from '../domain/publishable-text.ts';
import { stepDeadlineSchema } from './deadlines.ts';
import { reviewerCommentsSchema } from './reviews.ts';
import { okResponse } from './responses.ts';

export const RESPONSE_STATES = ['draft', 'submitted'] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];

const revisedAbstractSchema = z.object({ fileName: z.string(), url: z.string() }).nullable();

/** PUT /api/papers/{id}/response/draft and POST .../submit: the response's text. */
export const responseBodySchema = z.object({
  text: z
    .string()
    .max(RESPONSE_MAX_CHARACTERS, RESPONSE_TEXTS.tooLong)
    .transform(withLineFeeds)
    .superRefine(publishable('Your response')),
});
export type ResponseBody = z.infer<typeof responseBodySchema>;

/** What the author's paper card shows under "Respond to the reviews". */
export const authorResponseViewSchema = z
  .object({
    paperId: z.string(),
    /** The paper awaits its author's response now. */
    awaited: z.boolean(),
    /** The author may still change and submit it: awaited, not submitted, before the deadline. */
    open: z.boolean(),
    /** Why the form is closed when it is ("The author response deadline, ..., has passed."). */
    closedMessage: z.string().nullable(),
    deadline: stepDeadlineSchema,
    wordLimit: z.number(),
    /** The reviewers' comments to the author, as "Reviewer N", once shared. */
    comments: reviewerCommentsSchema,
    /** The current round's response; null before anything is saved. */
    response: z
      .object({
        round: z.number(),
        state: z.enum(RESPONSE_STATES),
        text: z.string(),
        revisedAbstract: revisedAbstractSchema,
        draftSavedAt: z.string().nullable(),
        submittedAt: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'AuthorResponseView' });
export type AuthorResponseView = z.infer<typeof authorResponseViewSchema>;

export const authorResponseResponseSchema = okResponse({ view: authorResponseViewSchema });
export const authorResponseSavedResponseSchema = okResponse({ message: z.string(), view: authorResponseViewSchema });

/** A submitted response as a committee member reads it: the text and the revised abstract, never the author. */
export const committeeResponseSchema = z
  .object({
    round: z.number(),
    text: z.string(),
    submittedAt: z.string(),
    revisedAbstractUrl: z.string().nullable(),
  })
  .meta({ id: 'CommitteeAuthorResponse' });
export type CommitteeResponse = z.infer<typeof committeeResponseSchema>;
export const committeeResponseResponseSchema = okResponse({ response: committeeResponseSchema.nullable() });

/** Every round of a paper's response, for organisers. */
export const organiserResponsesSchema = z
  .object({
    wordLimit: z.number(),
    deadline: stepDeadlineSchema,
    rounds: z.array(
      z.object({
        _id: z.string(),
        round: z.number(),
        state: z.enum(RESPONSE_STATES),
        text: z.string(),
        words: z.number(),
        revisedAbstract: revisedAbstractSchema,
        draftSavedAt: z.string().nullable(),
        submittedAt: z.string().nullable(),
        reopenedAt: z.string().nullable(),
        reopenedBy: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'OrganiserAuthorResponses' });
export type OrganiserResponses = z.infer<typeof organiserResponsesSchema>;
export const organiserResponsesResponseSchema = okResponse({ responses: organiserResponsesSchema });
export const organiserResponsesChangedResponseSchema = okResponse({
  message: z.string(),
  responses: organiserResponsesSchema,
});

/** PUT /api/admin/settings/deadlines/response-word-limit. */
export const responseWordLimitBodySchema = z.object({
  wordLimit: z
    .number(RESPONSE_TEXTS.wordLimitInvalid)
    .int(RESPONSE_TEXTS.wordLimitInvalid)
    .min(RESPONSE_WORD_LIMIT.min, RESPONSE_TEXTS.wordLimitInvalid)
    .max(RESPONSE_WORD_LIMIT.max, RESPONSE_TEXTS.wordLimitInvalid),
});
export const responseWordLimitResponseSchema = okResponse({ message: z.string(), wordLimit: z.number() });
