import { z } from 'zod';
import { conferenceIdLabel } from '../conference.ts';
import { formatCount } from '../format/numbers.ts';

/*
 * The message for a field a schema gives no message of its own: Zod's defaults ("Too big:
 * expected string to have <=300 characters") name neither the field nor the limit in the
 * site's words. A field's label is looked up by its key, or its parent's key and its own
 * ("challenge.answer"), in FIELD_LABELS; any other key reads as words ("confidentialComments"
 * → "Confidential comments"). Messages a schema sets (the spec's texts) are kept: Zod uses them
 * before this map. Importing this module installs it for the process (z.config): every shared
 * schema module imports it (responses.ts and the few that do not import that), so a page has it
 * from its first schema on, and the client's first load stays without Zod.
 */

/** Labels whose key does not read as the field's name on the pages. */
const FIELD_LABELS: Record<string, string> = {
  get ictacemId() {
    return conferenceIdLabel();
  },
  paymentId: 'Payment ID',
  recipientId: 'Recipient',
  paperIds: 'Papers',
  totp: 'Authentication code',
  limit: 'Rows per page',
  'challenge.answer': 'Verification answer',
};

const words = (key: string) => {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** The label of the field at `path`; "This request" when the issue is about the whole body. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const keys = path.filter((key): key is string => typeof key === 'string');
  const key = keys.at(-1);
  if (!key) return 'This request';
  const parent = keys.at(-2);
  return (parent && FIELD_LABELS[`${parent}.${key}`]) || FIELD_LABELS[key] || words(key);
}

const count = (n: number | bigint) => formatCount(Number(n));

/** "Title must be at most 300 characters": also for a schema that is parsed apart from its parent. */
export const atMostCharacters = (label: string, maximum: number) =>
  `${label} must be at most ${count(maximum)} characters`;
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

/** One message per kind of issue, naming the field and the limit. */
export function fieldMessage(issue: z.core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'too_big': {
      const limit = count(issue.maximum);
      if (issue.origin === 'string') return atMostCharacters(label, Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} may have at most ${limit} entries`;
      return `${label} must be at most ${limit}`;
    }
    case 'too_small': {
      const limit = count(issue.minimum);
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? `${label} is required` : `${label} must be at least ${limit} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return Number(issue.minimum) <= 1
          ? `${label} needs at least one entry`
          : `${label} needs at least ${limit} entries`;
      }
      return `${label} must be at least ${limit}`;
    }
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required`;
      return `${label} must be ${TYPE_WORDS[issue.expected] ?? 'of another kind'}`;
    case 'invalid_format':
      if (issue.format === 'email') return `${label} must be a valid email address`;
      if (issue.format === 'datetime' || issue.format === 'date') return `${label} must be a valid date and time`;
      return `${label} is not valid`;
    case 'invalid_value':
      return `${label} must be one of the choices offered`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${count(issue.divisor as number)}`;
    case 'unrecognized_keys':
      return `${label} has a field it does not take: ${issue.keys.join(', ')}`;
    default:
      return `${label} is not valid`;
  }
}

z.config({
  customError: fieldMessage,
  // In the browser Zod would probe for a faster validator with `new Function`, which the site's
  // Content Security Policy forbids: the probe fails quietly, but Chrome reports a security issue.
  ...(typeof document === 'undefined' ? {} : { jitless: true }),
});
