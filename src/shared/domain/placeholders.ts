/**
 * Placeholders an organiser may put into a text sent to many authors at once (a bulk review
 * comment, a message): each is replaced by that author's or paper's own value.
 */
export const PLACEHOLDERS = ['name', 'paperId', 'title', 'status', 'paymentId'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

const PLACEHOLDER_PATTERN = /\{([^{}\s]*)\}/g;
const KNOWN = new Set<string>(PLACEHOLDERS);

/** The placeholders of a text that are not one of PLACEHOLDERS, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1]!).filter((name) => !KNOWN.has(name));
  return [...new Set(unknown)];
}

/** The message for a text with unknown placeholders, or null when all are known. */
export function placeholderError(text: string): string | null {
  const unknown = unknownPlaceholders(text);
  if (unknown.length === 0) return null;
  const known = PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
  return `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}. You can use ${known}.`;
}

/** The text with every known placeholder replaced; a value is inserted as it is, never read as a placeholder. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    KNOWN.has(name) ? values[name as Placeholder] : whole,
  );
}
