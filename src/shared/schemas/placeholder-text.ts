import { type z } from 'zod';
import { placeholderError } from '../domain/placeholders.ts';

/**
 * The text with its placeholders checked: the service refuses unknown ones, and a form using this
 * says so under the field before anything is sent.
 */
export function withKnownPlaceholders<T extends z.ZodType<string>>(text: T) {
  return text.superRefine((value, context) => {
    const problem = placeholderError(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}
