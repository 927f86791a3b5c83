// The site's messages for every field (z.config), installed with the first schema.
import './field-messages.ts';
import { z } from 'zod';

/**
 * The envelope of every JSON answer. Routes declare their answer with these (`schema.response`),
 * so the serializer sends exactly the listed fields: a field a presenter adds by mistake is
 * dropped, never sent, and the API reference is generated from the same schemas.
 */
export function okResponse<Shape extends z.ZodRawShape>(shape: Shape) {
  // Always true on a 2xx answer; a boolean, not a literal, so handlers need no `as const`.
  return z.object({ success: z.boolean(), ...shape });
}

/** An answer that only says it worked. */
export const successResponseSchema = okResponse({});

/** An answer that worked, with a sentence to show. */
export const messageResponseSchema = okResponse({ message: z.string() });

/** What a client can act on beyond the message, e.g. show the second sign-in step. */
export const ERROR_REASONS = ['two_factor_required', 'two_factor_enrolment_required', 'challenge_required'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** Every refusal and failure: 4xx and 5xx alike. */
export const errorResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  reason: z.enum(ERROR_REASONS).optional(),
});
