/** Text a spreadsheet would run as a formula (OWASP CSV injection): =, +, -, @, or a tab or carriage return. */
export function startsLikeFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text);
}

/** Cells a spreadsheet would run as a formula get a leading apostrophe. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (startsLikeFormula(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV line, ended as spreadsheets expect (RFC 4180). */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Starts a UTF-8 file: without it, Excel reads the bytes as the local code page and shows "MÃ¼ller". */
export const UTF8_BOM = '\uFEFF';
