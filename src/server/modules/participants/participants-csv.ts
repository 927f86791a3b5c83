import {
  PARTICIPANT_LIMITS,
  PARTICIPANT_MESSAGES,
  PARTICIPANT_ROLE_LABELS,
  PARTICIPANT_ROLES,
  type ImportLine,
  participantBodySchema,
  type ParticipantBody,
} from '@shared/schemas/participants.ts';
import { startsLikeFormula } from '../admin-dashboard/csv.ts';

export interface ParsedImport {
  fileProblem: string | null;
  lines: (ImportLine & { valid: ParticipantBody | null })[];
}

const HEADERS: Record<string, 'name' | 'affiliation' | 'email' | 'role'> = {
  name: 'name',
  affiliation: 'affiliation',
  email: 'email',
  'e-mail': 'email',
  role: 'role',
};

const roleOf = (text: string) =>
  text.trim() === ''
    ? 'delegate'
    : PARTICIPANT_ROLES.find((role) => PARTICIPANT_ROLE_LABELS[role].toLowerCase() === text.trim().toLowerCase());

/**
 * The participants of an uploaded CSV, line by line with what is wrong on each: the file must be
 * UTF-8 (a byte-order mark is allowed), its first line names the columns. Nothing is stored here.
 */
export async function parseParticipantsCsv(
  bytes: Buffer,
  existingEmails: (emails: string[]) => Promise<Set<string>>,
): Promise<ParsedImport> {
  if (bytes.length > PARTICIPANT_LIMITS.csvBytes) return { fileProblem: PARTICIPANT_MESSAGES.csvTooLarge, lines: [] };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { fileProblem: PARTICIPANT_MESSAGES.csvEncoding, lines: [] };
  }
  const { parse } = await import('csv-parse/sync');
  let records: string[][];
  try {
    records = parse(text, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
      to_line: PARTICIPANT_LIMITS.csvLines + 1,
    }) as string[][];
  } catch (error) {
    return { fileProblem: `The file cannot be read as CSV: ${(error as Error).message}`, lines: [] };
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((cell) => HEADERS[cell.trim().toLowerCase()]);
  if (!columns.includes('name')) return { fileProblem: PARTICIPANT_MESSAGES.csvNoHeader, lines: [] };
  const cellsOf = (row: string[]) => {
    const cells = { name: '', affiliation: '', email: '', role: '' };
    columns.forEach((column, index) => {
      if (column) cells[column] = row[index] ?? '';
    });
    return cells;
  };
  const parsed = rows.map((row) => cellsOf(row));
  const emails = parsed.map((cells) => cells.email.trim().toLowerCase()).filter(Boolean);
  const onList = await existingEmails([...new Set(emails)]);
  const seen = new Map<string, number>();
  const lines = parsed.map((cells, index) => {
    const line = index + 2;
    const problems: string[] = [];
    for (const [field, value] of Object.entries(cells))
      // What a spreadsheet would run as a formula is refused, never stored.
      if (startsLikeFormula(value))
        problems.push(
          `${field === 'email' ? 'E-mail' : field[0]!.toUpperCase() + field.slice(1)} starts with "${value[0] === '\t' ? 'tab' : value[0]}": formulas are not imported.`,
        );
    const role = roleOf(cells.role);
    if (!role)
      problems.push(
        `Role "${cells.role.trim()}" is none of ${PARTICIPANT_ROLES.map((r) => PARTICIPANT_ROLE_LABELS[r]).join(', ')}.`,
      );
    const checked = participantBodySchema.safeParse({ ...cells, role: role ?? 'delegate' });
    if (!checked.success) for (const issue of checked.error.issues) problems.push(issue.message);
    const email = cells.email.trim().toLowerCase();
    const key = email || `name:${cells.name.trim().toLowerCase()}`;
    if (cells.name.trim() && seen.has(key)) problems.push(`Duplicate of line ${seen.get(key)}.`);
    else if (cells.name.trim()) seen.set(key, line);
    if (email && onList.has(email)) problems.push(PARTICIPANT_MESSAGES.duplicateEmail);
    const valid = problems.length === 0 && checked.success ? checked.data : null;
    return { line, ...cells, problems: [...new Set(problems)], valid };
  });
  return { fileProblem: null, lines };
}
