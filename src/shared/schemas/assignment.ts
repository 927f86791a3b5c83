import { z } from 'zod';
import { ASSIGNMENT_LIMITS, ASSIGNMENT_TEXTS, REVIEW_STATES } from '../domain/assignment.ts';
import { BIDS } from '../domain/bidding.ts';
import { COMMITTEE_MEMBER_STATUSES } from '../domain/committee.ts';
import { okResponse } from './responses.ts';

const memberIdSchema = z.uuid(ASSIGNMENT_TEXTS.memberNotFound);
const paperIdSchema = z.uuid(ASSIGNMENT_TEXTS.paperNotFound);

/** "Assign reviewers": the chosen members review every chosen paper. */
export const assignReviewersBodySchema = z.object({
  paperIds: z
    .array(paperIdSchema, ASSIGNMENT_TEXTS.papersRequired)
    .min(1, ASSIGNMENT_TEXTS.papersRequired)
    .max(ASSIGNMENT_LIMITS.papersAtOnce, ASSIGNMENT_TEXTS.tooManyPapers),
  memberIds: z
    .array(memberIdSchema, ASSIGNMENT_TEXTS.nothingChosen)
    .min(1, ASSIGNMENT_TEXTS.nothingChosen)
    .max(ASSIGNMENT_LIMITS.membersAtOnce, ASSIGNMENT_TEXTS.tooManyMembers),
});
export type AssignReviewersBody = z.input<typeof assignReviewersBodySchema>;

const { reviewsPerPaper } = ASSIGNMENT_LIMITS;
/** "Assign automatically": the planner's settings. */
export const automaticAssignmentBodySchema = z.object({
  reviewsPerPaper: z
    .number(ASSIGNMENT_TEXTS.reviewsPerPaperInvalid)
    .int(ASSIGNMENT_TEXTS.reviewsPerPaperInvalid)
    .min(reviewsPerPaper.min, ASSIGNMENT_TEXTS.reviewsPerPaperInvalid)
    .max(reviewsPerPaper.max, ASSIGNMENT_TEXTS.reviewsPerPaperInvalid),
  /** Count the reviewers a paper already has towards its quota (else add that many more). */
  onlyFillMissing: z.boolean(),
});
export type AutomaticAssignmentBody = z.input<typeof automaticAssignmentBodySchema>;

const pairSchema = z.object({ memberId: memberIdSchema, paperId: paperIdSchema });

/** A plan as it was shown: applied as it is, or refused whole if anything changed since. */
export const applyPlanBodySchema = automaticAssignmentBodySchema.extend({
  assignments: z
    .array(pairSchema, ASSIGNMENT_TEXTS.planEmpty)
    .min(1, ASSIGNMENT_TEXTS.planEmpty)
    .max(ASSIGNMENT_LIMITS.planPairs, ASSIGNMENT_TEXTS.planTooLarge),
});
export type ApplyPlanBody = z.input<typeof applyPlanBodySchema>;

/** One accepted member as "Assign reviewers" on a paper shows them. */
export const paperReviewerOptionSchema = z
  .object({
    memberId: z.string(),
    name: z.string(),
    /** "accepted" for everyone who may be assigned; another status only for a former member's review. */
    memberStatus: z.enum(COMMITTEE_MEMBER_STATUSES),
    themes: z.array(z.string()),
    maxPapers: z.number(),
    /** Papers they review now, this one included if assigned. */
    load: z.number(),
    bid: z.enum(BIDS).nullable(),
    themeMatch: z.boolean(),
    /** Why they cannot be assigned (a conflict), or null. */
    conflict: z.string().nullable(),
    assigned: z.boolean(),
    reviewState: z.enum(REVIEW_STATES).nullable(),
  })
  .meta({ id: 'PaperReviewerOption' });
export type PaperReviewerOption = z.infer<typeof paperReviewerOptionSchema>;

/** An accepted member as "Assign reviewers" on a selection of papers shows them. */
export const assignableMemberSchema = paperReviewerOptionSchema.pick({
  memberId: true,
  name: true,
  themes: true,
  maxPapers: true,
  load: true,
});
export type AssignableMember = z.infer<typeof assignableMemberSchema>;

export const paperReviewersSchema = z.object({
  /** Whether the paper still takes reviewers (it is being decided). */
  assignable: z.boolean(),
  members: z.array(paperReviewerOptionSchema),
});
export type PaperReviewers = z.infer<typeof paperReviewersSchema>;

const namedPaperSchema = z.object({ paperId: z.string(), title: z.string(), theme: z.string() });

/** What "Assign automatically" would do, shown before anything is applied. */
export const assignmentPlanSchema = z
  .object({
    reviewsPerPaper: z.number(),
    onlyFillMissing: z.boolean(),
    members: z.array(
      z.object({
        memberId: z.string(),
        name: z.string(),
        maxPapers: z.number(),
        /** Reviews they already have. */
        currentLoad: z.number(),
        newPapers: z.array(namedPaperSchema),
      }),
    ),
    papers: z.array(
      namedPaperSchema.extend({
        reviewers: z.array(z.object({ memberId: z.string(), name: z.string(), isNew: z.boolean() })),
        missing: z.number(),
        /** Why the paper stays short of reviewers, or null. */
        shortReason: z.string().nullable(),
      }),
    ),
    assignments: z.array(z.object({ memberId: z.string(), paperId: z.string() })),
    /** The new pairs by their member's bid, and how many are in the member's themes. */
    fit: z.object({
      eager: z.number(),
      willing: z.number(),
      noBid: z.number(),
      notMyArea: z.number(),
      themeMatches: z.number(),
    }),
    /** Every new pair whose member marked the paper "Not my area" (no plan with as many reviews has fewer), and why. */
    notMyArea: z.array(
      z.object({ memberId: z.string(), name: z.string(), paperId: z.string(), title: z.string(), reason: z.string() }),
    ),
    /** The optimiser's cost (each criterion weighted to outweigh all below it) beside its proven lower bound. */
    cost: z.number(),
    lowerBound: z.number(),
  })
  .meta({ id: 'AssignmentPlan' });
export type AssignmentPlanView = z.infer<typeof assignmentPlanSchema>;

export const paperReviewersResponseSchema = okResponse({ reviewers: paperReviewersSchema });
export const assignableMembersResponseSchema = okResponse({ members: z.array(assignableMemberSchema) });
export const reviewersChangedResponseSchema = okResponse({ message: z.string() });
export const assignmentPlanResponseSchema = okResponse({ plan: assignmentPlanSchema });
