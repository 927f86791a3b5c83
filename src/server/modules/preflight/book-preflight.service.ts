import { PREFLIGHT_VERDICT_LABELS, type BookPreflight, type PreflightKind } from '@shared/schemas/preflight.ts';
import type { AppContext } from '@server/context.ts';
import { fontsNotEmbedded, findingsFor, isA4, pageSizeLabel, verdictOf } from './preflight-findings.ts';
import { CHECKER_VERSION, pageLimits } from './preflight.service.ts';
import * as repo from './preflight.repository.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Before the Book of Abstracts is built: the accepted abstracts a printer may refuse (fonts not
 * embedded) or that will not print at their size (pages not A4), from the results stored at upload.
 */
export async function bookPreflight(ctx: Pick<AppContext, 'db'>): Promise<BookPreflight> {
  const abstracts = await repo.acceptedAbstractHashes(ctx.db);
  const stored = await repo.findPreflights(
    ctx.db,
    abstracts.map((a) => a.sha256),
  );
  const result: BookPreflight = {
    abstracts: abstracts.length,
    fontsNotEmbedded: [],
    notA4: [],
    notChecked: 0,
    messages: [],
  };
  for (const { ictacemId, title, sha256 } of abstracts) {
    const row = stored.get(sha256);
    if (!row || row.checkerVersion !== CHECKER_VERSION || !row.facts.readable) {
      result.notChecked += 1;
      continue;
    }
    const fonts = fontsNotEmbedded(row.facts);
    if (fonts.length > 0) result.fontsNotEmbedded.push({ ictacemId, title, fonts });
    if (!isA4(row.facts))
      result.notA4.push({ ictacemId, title, sizes: row.facts.pageSizes.map((size) => pageSizeLabel(size)) });
  }
  const { fontsNotEmbedded: fonts, notA4, notChecked } = result;
  if (fonts.length > 0)
    result.messages.push(
      `${count(fonts.length, 'abstract has', 'abstracts have')} fonts that are not embedded: a printer may refuse the book.`,
    );
  if (notA4.length > 0)
    result.messages.push(
      `${count(notA4.length, 'abstract has', 'abstracts have')} pages that are not A4: they are printed scaled.`,
    );
  if (notChecked > 0)
    result.messages.push(
      `${count(notChecked, 'abstract was', 'abstracts were')} not checked (uploaded before the PDF check).`,
    );
  return result;
}

/** One cell of a manifest's Preflight column: the verdict and, with warnings, what they are. */
export async function manifestPreflightCells(
  ctx: Pick<AppContext, 'db'>,
  files: { sha256: string; kind: PreflightKind }[],
): Promise<string[]> {
  const stored = await repo.findPreflights(
    ctx.db,
    files.map((f) => f.sha256),
  );
  const limits = await pageLimits(ctx);
  return files.map(({ sha256, kind }) => {
    const row = stored.get(sha256);
    if (!row || row.checkerVersion !== CHECKER_VERSION) return PREFLIGHT_VERDICT_LABELS.not_checked;
    const findings = findingsFor(row.facts, kind, limits);
    const verdict = PREFLIGHT_VERDICT_LABELS[verdictOf(findings)];
    return findings.length === 0 ? verdict : `${verdict}: ${findings.map((f) => f.message).join(' ')}`;
  });
}
