/**
 * Avatar letters (spec 2.6): the first letter of each of the first two words, upper-cased,
 * so "grace brewster hopper" gives "GB" and a one-word name one letter. Blank gives "?".
 */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    // Array.from keeps a letter outside the Basic Multilingual Plane in one piece.
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
  return letters || '?';
}
