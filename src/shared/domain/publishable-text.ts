// Text that reaches a document or a feed (the schedule's XML, JSON and iCalendar, the Book of
// Abstracts, the letters, the printed programme) must be text every one of those formats can
// carry. It is refused where it is typed, with the field and the characters named; the writers
// still drop such characters from what is already stored, so their output is always well-formed.

/**
 * What no document or feed carries:
 * - the C0 controls but tab, line feed and carriage return: outside XML 1.0's characters, and
 *   forbidden in iCalendar's text (ESC, vertical tab and the like come from a word processor);
 * - DEL and the C1 controls (U+007F-U+009F): forbidden in iCalendar, printed as nothing, and in
 *   pasted text nearly always a Windows-1252 quote or dash decoded as the wrong code page;
 * - the non-characters (U+FFFE and U+FFFF are outside XML 1.0; U+FDD0-U+FDEF and the last two of
 *   every plane are never meant for interchange);
 * - half of a surrogate pair: no character at all, which UTF-8 cannot encode.
 */
const UNPUBLISHABLE = /(?![\t\n\r])[\p{Cc}\p{Noncharacter_Code_Point}\p{Cs}]/gu;

const codePointName = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The characters of `text` no document or feed can carry, each once as "U+001B", in order. */
export function unpublishableCharacters(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(UNPUBLISHABLE), ([character]) => codePointName(character)))];
}

/** "Title contains a character that cannot be printed or published: U+001B", or null. */
export function publishableProblem(fieldLabel: string, text: string): string | null {
  const characters = unpublishableCharacters(text);
  if (characters.length === 0) return null;
  return characters.length === 1
    ? `${fieldLabel} contains a character that cannot be printed or published: ${characters[0]}`
    : `${fieldLabel} contains characters that cannot be printed or published: ${characters.join(' ')}`;
}

/** A Zod refinement refusing text a document or a feed cannot carry, naming the field. */
export const publishable =
  (fieldLabel: string) =>
  (value: string, check: { addIssue(issue: { code: 'custom'; message: string }): void }): void => {
    const problem = publishableProblem(fieldLabel, value);
    if (problem) check.addIssue({ code: 'custom', message: problem });
  };

/** A one-line field (a title, a name): its line breaks and tabs, pasted with it, become spaces. */
export const asOneLine = (text: string): string => text.replace(/\r\n|[\t\n\r\u2028\u2029]/g, ' ');

/** A field of several lines (an address): each line break is one line feed, as XML reads it. */
export const withLineFeeds = (text: string): string => text.replace(/\r\n?/g, '\n');

/**
 * The writers' last guard: what no document or feed can carry, dropped. Text refused at input
 * never has any; text stored before the rule may.
 */
export const withoutUnpublishable = (text: string): string => text.replace(UNPUBLISHABLE, '');
