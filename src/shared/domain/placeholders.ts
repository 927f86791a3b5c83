/**
 * Placeholders in texts the site fills for each recipient: `{name}` is replaced by that
 * recipient's value. One engine for both kinds of text: the bulk texts an organiser sends to many
 * authors (a message, a review comment: PLACEHOLDERS below) and the templates of the site's own
 * e-mails (domain/mail-templates.ts), each of which accepts its own set.
 */
export const PLACEHOLDERS = ['name', 'paperId', 'title', 'status', 'paymentId'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

const PLACEHOLDER_PATTERN = /\{([^{}\s]*)\}/g;

const braced = (name: string) => `{${name}}`;

/** Every placeholder a text holds, each once, in order of appearance. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1]!))];
}

/** The placeholders of a text that are not among `known`, each once, in order of appearance. */
export function unknownPlaceholders(text: string, known: readonly string[] = PLACEHOLDERS): string[] {
  return placeholdersIn(text).filter((name) => !known.includes(name));
}

/** The message for a text with unknown placeholders, or null when all are known. */
export function placeholderError(text: string, known: readonly string[] = PLACEHOLDERS): string | null {
  const unknown = unknownPlaceholders(text, known);
  if (unknown.length === 0) return null;
  return `Unknown placeholder ${unknown.map(braced).join(', ')}. You can use ${known.map(braced).join(', ')}.`;
}

/** The message for texts that together leave out a required placeholder, or null when none is missing. */
export function missingPlaceholderError(texts: readonly string[], required: readonly string[]): string | null {
  const present = new Set(texts.flatMap(placeholdersIn));
  const missing = required.filter((name) => !present.has(name));
  if (missing.length === 0) return null;
  return `${missing.length === 1 ? 'This placeholder is' : 'These placeholders are'} required: ${missing.map(braced).join(', ')}.`;
}

/**
 * The text with every placeholder that has a value replaced; a value is inserted as it is, never
 * read as a placeholder. Placeholders without a value are left as written.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}
