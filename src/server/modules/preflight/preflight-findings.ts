import type { PageLimits, PreflightFinding, PreflightKind, PreflightVerdict } from '@shared/schemas/preflight.ts';
import type { PdfFacts } from './pdf-inspect.ts';

/** The words an author reads; the refusal of an upload is the first refused finding's message. */
export const PREFLIGHT_MESSAGES = {
  unreadable: 'This PDF could not be read.',
  encrypted:
    'This PDF is encrypted or password-protected (or forbids printing or copying text). Please save it again without protection.',
  tooManyPages: (pages: number, max: number, what: string) =>
    `This PDF has ${pages} ${plural(pages, 'page')}; ${what} may have at most ${max}.`,
  tooFewPages: (pages: number, min: number, what: string) =>
    `This PDF has ${pages} ${plural(pages, 'page')}; ${what} must have at least ${min}.`,
  javascript: 'This PDF contains JavaScript. Please export it again without scripts or interactive content.',
  launch: 'This PDF contains an action that starts another program. Please export it again without it.',
  otherAction: (types: string[]) =>
    `This PDF contains interactive actions (${types.join(', ')}); they will be removed from printed copies.`,
  embeddedFiles: (count: number) =>
    `This PDF carries ${count} attached ${plural(count, 'file')}; attachments are not part of the printed book.`,
  fontsNotEmbedded: (names: string[]) =>
    `${names.length === 1 ? 'A font is' : `${names.length} fonts are`} not embedded: ${names.join(', ')}. A printer may refuse the file; please export it with all fonts embedded.`,
  type3: (names: string[]) =>
    `This PDF uses Type 3 (bitmap or drawn) fonts: ${names.join(', ')}. They may print blurred; an outline font is better.`,
  pageSize: (size: string) => `The pages are ${size}, not A4 or Letter.`,
  mixedSizes: (sizes: string[]) => `The pages are not all the same size: ${sizes.join(', ')}.`,
  scanned:
    'No text can be extracted from this PDF: it looks like a scanned image. It will be harder to search and to read aloud.',
} as const;

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

/** A4 and Letter in points; a page within this many points of one of them counts as it. */
const PAPER_SIZES = [
  { label: 'A4', width: 595.28, height: 841.89 },
  { label: 'Letter', width: 612, height: 792 },
] as const;
const SIZE_TOLERANCE_PT = 6;

export function pageSizeLabel(size: { width: number; height: number }): string {
  const known = PAPER_SIZES.find(
    (paper) =>
      Math.abs(paper.width - size.width) <= SIZE_TOLERANCE_PT &&
      Math.abs(paper.height - size.height) <= SIZE_TOLERANCE_PT,
  );
  if (known) return known.label;
  const mm = (pt: number) => Math.round((pt * 25.4) / 72);
  return `${mm(size.width)} × ${mm(size.height)} mm`;
}

export function isA4(facts: PdfFacts): boolean {
  return facts.pageSizes.every((size) => pageSizeLabel(size) === 'A4');
}

export function fontsNotEmbedded(facts: PdfFacts): string[] {
  return [...new Set(facts.fonts.filter((f) => !f.embedded).map((f) => f.name))];
}

const KIND_WORDS: Record<PreflightKind, string> = { abstract: 'an abstract', full_paper: 'a full paper' };

function limitsFor(kind: PreflightKind, limits: PageLimits): { min: number | null; max: number | null } {
  return kind === 'abstract'
    ? { min: limits.abstractMinPages, max: limits.abstractMaxPages }
    : { min: limits.fullPaperMinPages, max: limits.fullPaperMaxPages };
}

/** The findings on a file checked as `kind` under the organiser's page limits, refused ones first. */
export function findingsFor(facts: PdfFacts, kind: PreflightKind, limits: PageLimits): PreflightFinding[] {
  const refused = (code: PreflightFinding['code'], message: string): PreflightFinding => ({
    code,
    severity: 'refused',
    message,
  });
  const warning = (code: PreflightFinding['code'], message: string): PreflightFinding => ({
    code,
    severity: 'warning',
    message,
  });
  if (!facts.readable) return [refused('unreadable', PREFLIGHT_MESSAGES.unreadable)];
  if (facts.encrypted) return [refused('encrypted', PREFLIGHT_MESSAGES.encrypted)];

  const findings: PreflightFinding[] = [];
  const { min, max } = limitsFor(kind, limits);
  if (max !== null && facts.pageCount > max)
    findings.push(refused('too_many_pages', PREFLIGHT_MESSAGES.tooManyPages(facts.pageCount, max, KIND_WORDS[kind])));
  if (min !== null && facts.pageCount < min)
    findings.push(refused('too_few_pages', PREFLIGHT_MESSAGES.tooFewPages(facts.pageCount, min, KIND_WORDS[kind])));
  const types = new Set(facts.actions.map((a) => a.type));
  if (types.has('JavaScript')) findings.push(refused('javascript', PREFLIGHT_MESSAGES.javascript));
  if (types.has('Launch')) findings.push(refused('launch_action', PREFLIGHT_MESSAGES.launch));
  const others = [...types].filter((t) => t !== 'JavaScript' && t !== 'Launch');
  if (others.length > 0) findings.push(warning('other_action', PREFLIGHT_MESSAGES.otherAction(others)));
  if (facts.embeddedFiles > 0)
    findings.push(warning('embedded_files', PREFLIGHT_MESSAGES.embeddedFiles(facts.embeddedFiles)));
  const missing = fontsNotEmbedded(facts);
  if (missing.length > 0) findings.push(warning('fonts_not_embedded', PREFLIGHT_MESSAGES.fontsNotEmbedded(missing)));
  const type3 = [...new Set(facts.fonts.filter((f) => f.type === 'Type3').map((f) => f.name))];
  if (type3.length > 0) findings.push(warning('type3_fonts', PREFLIGHT_MESSAGES.type3(type3)));
  const labels = [...new Set(facts.pageSizes.map(pageSizeLabel))];
  if (labels.length > 1) findings.push(warning('mixed_page_sizes', PREFLIGHT_MESSAGES.mixedSizes(labels)));
  else if (labels[0] && labels[0] !== 'A4' && labels[0] !== 'Letter')
    findings.push(warning('page_size', PREFLIGHT_MESSAGES.pageSize(labels[0])));
  if (facts.pagesWithText === 0) findings.push(warning('scanned', PREFLIGHT_MESSAGES.scanned));
  return findings;
}

export function verdictOf(findings: readonly PreflightFinding[]): Exclude<PreflightVerdict, 'not_checked'> {
  if (findings.some((f) => f.severity === 'refused')) return 'refused';
  return findings.length > 0 ? 'warnings' : 'passed';
}
