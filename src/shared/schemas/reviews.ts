import { z } from 'zod';
import { REVIEW_STATES } from '../domain/assignment.ts';
import { COMMITTEE_MEMBER_STATUSES } from '../domain/committee.ts';
import { REVIEW_LIMITS, REVIEW_TEXTS } from '../domain/reviews.ts';
import { okResponse } from './responses.ts';

const markSchema = z
  .number(REVIEW_TEXTS.markInvalid)
  .int(REVIEW_TEXTS.markInvalid)
  .min(REVIEW_LIMITS.mark.min, REVIEW_TEXTS.markInvalid)
  .max(REVIEW_LIMITS.mark.max, REVIEW_TEXTS.markInvalid);
const confidenceSchema = z
  .number(REVIEW_TEXTS.confidenceInvalid)
  .int(REVIEW_TEXTS.confidenceInvalid)
  .min(1, REVIEW_TEXTS.confidenceInvalid)
  .max(5, REVIEW_TEXTS.confidenceInvalid);
const commentsSchema = z.string().trim().max(REVIEW_LIMITS.comments, REVIEW_TEXTS.commentsTooLong);

/** "Save draft": anything may still be missing. */
export const reviewDraftBodySchema = z.object({
  mark: markSchema.nullable(),
  confidence: confidenceSchema.nullable(),
  commentsToAuthors: commentsSchema,
  confidentialComments: commentsSchema,
});
export type ReviewDraftBody = z.input<typeof reviewDraftBodySchema>;

/** "Submit review": a mark, a confidence and comments for the authors are needed. */
export const reviewSubmitBodySchema = z.object({
  mark: markSchema.nullable().refine((mark) => mark !== null, REVIEW_TEXTS.markRequired),
  confidence: confidenceSchema.nullable().refine((level) => level !== null, REVIEW_TEXTS.confidenceRequired),
  commentsToAuthors: commentsSchema.min(1, REVIEW_TEXTS.commentsRequired),
  confidentialComments: commentsSchema,
});
export type ReviewSubmitBody = z.input<typeof reviewSubmitBodySchema>;

/** One paper in a member's "My reviews". */
export const myReviewSummarySchema = z
  .object({
    paperId: z.string(),
    title: z.string(),
    theme: z.string(),
    state: z.enum(REVIEW_STATES),
    /** Changes are taken until the paper is decided. */
    editable: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'MyReviewSummary' });
export type MyReviewSummary = z.infer<typeof myReviewSummarySchema>;

export const myReviewsSchema = z.object({
  deadline: z.string(),
  reviews: z.array(myReviewSummarySchema),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/** A paper as its reviewer reads it, with their review so far. */
export const reviewSheetSchema = z
  .object({
    paper: z.object({
      paperId: z.string(),
      title: z.string(),
      theme: z.string(),
      /** Null in double-blind review: the reviewer never learns who wrote it. */
      authors: z.array(z.object({ name: z.string(), affiliation: z.string() })).nullable(),
      abstractUrl: z.string(),
    }),
    review: z.object({
      mark: z.number().nullable(),
      confidence: z.number().nullable(),
      commentsToAuthors: z.string(),
      confidentialComments: z.string(),
      state: z.enum(REVIEW_STATES),
      submittedAt: z.string().nullable(),
      updatedAt: z.string().nullable(),
    }),
    editable: z.boolean(),
    deadline: z.string(),
  })
  .meta({ id: 'ReviewSheet' });
export type ReviewSheet = z.infer<typeof reviewSheetSchema>;

/** A paper's reviews as organisers read them, side by side, with the combined marks. */
export const paperReviewsSchema = z
  .object({
    reviews: z.array(
      z.object({
        memberId: z.string(),
        /** "Reviewer 2": the number the discussion, the author and the e-mails know them by. */
        label: z.string(),
        name: z.string(),
        memberStatus: z.enum(COMMITTEE_MEMBER_STATUSES),
        state: z.enum(REVIEW_STATES),
        /** Only a submitted review's content: a draft is its reviewer's until then. */
        mark: z.number().nullable(),
        confidence: z.number().nullable(),
        commentsToAuthors: z.string(),
        confidentialComments: z.string(),
        submittedAt: z.string().nullable(),
        /** The marks this review had before, newest first (organisers only). */
        earlierMarks: z.array(
          z.object({
            mark: z.number().nullable(),
            confidence: z.number().nullable(),
            givenAt: z.string(),
            replacedAt: z.string(),
            /** Replaced after the author's response to the reviews. */
            afterResponse: z.boolean(),
          }),
        ),
      }),
    ),
    /** Whether the reviewers' comments to the authors are shared with the author. */
    sharedWithAuthor: z.boolean(),
    summary: z.object({
      assigned: z.number(),
      submitted: z.number(),
      mean: z.number().nullable(),
      weightedMean: z.number().nullable(),
      spread: z.number().nullable(),
      disagreement: z.boolean(),
    }),
  })
  .meta({ id: 'PaperReviews' });
export type PaperReviews = z.infer<typeof paperReviewsSchema>;

/** The reviewers' comments an author may read once shared: numbered, without names or marks. */
export const reviewerCommentsSchema = z
  .array(z.object({ label: z.string(), comments: z.string() }))
  .meta({ id: 'ReviewerComments' });
export type ReviewerComments = z.infer<typeof reviewerCommentsSchema>;
export const reviewerCommentsResponseSchema = okResponse({ comments: reviewerCommentsSchema });

export const paperReviewsResponseSchema = okResponse({ reviews: paperReviewsSchema });
export const myReviewsResponseSchema = okResponse({ reviews: myReviewsSchema });
export const reviewSheetResponseSchema = okResponse({ sheet: reviewSheetSchema });
export const reviewSavedResponseSchema = okResponse({ message: z.string(), sheet: reviewSheetSchema });
