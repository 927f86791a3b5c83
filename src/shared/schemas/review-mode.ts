import { z } from 'zod';
import { REVIEW_MODE_TEXTS, REVIEW_MODES } from '../domain/review-mode.ts';
import { okResponse } from './responses.ts';

export const setReviewModeBodySchema = z.object({ reviewMode: z.enum(REVIEW_MODES, REVIEW_MODE_TEXTS.invalid) });
export type SetReviewModeBody = z.input<typeof setReviewModeBodySchema>;

export const reviewModeResponseSchema = okResponse({ reviewMode: z.enum(REVIEW_MODES) });
export const reviewModeSavedResponseSchema = okResponse({ reviewMode: z.enum(REVIEW_MODES), message: z.string() });
