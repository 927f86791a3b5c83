import { currentConference } from '@shared/conference.ts';
import type { ConferenceDates } from '@shared/domain/deadlines.ts';
import { type Currency, feeFor, formatMoney, formatReceivedOn, RATE_WORDS, rateOn } from '@shared/domain/fees.ts';
import {
  oneDeletions,
  paymentKey,
  ROW_CLASSES,
  type RowClass,
  type RowResolution,
  withinOneEdit,
} from '@shared/domain/payment-statements.ts';
import type { StatementPaperRef, StatementReport, StatementRow } from '@shared/schemas/payment-statements.ts';
import type { PaperForMatching, StatementRowRecord } from './payment-statements.repository.ts';

const MAX_SUGGESTIONS = 5;

/** Same letters, two neighbours swapped. */
function isSwap(a: string, b: string): boolean {
  return a.length === b.length && [...a].sort().join('') === [...b].sort().join('');
}

const refOf = (paper: PaperForMatching): StatementPaperRef => ({
  paperId: paper.id,
  ictacemId: paper.ictacemId,
  title: paper.title,
  paymentId: paper.paymentId,
});

/** The papers by their payment ID's key, and (built when first asked) by each key less one character. */
class PaperIndex {
  private readonly byKey = new Map<string, PaperForMatching[]>();
  private byDeletion?: Map<string, PaperForMatching[]>;

  constructor(readonly papers: PaperForMatching[]) {
    for (const paper of papers) {
      const key = paymentKey(paper.paymentId);
      const list = this.byKey.get(key);
      if (list) list.push(paper);
      else this.byKey.set(key, [paper]);
    }
  }

  exact(key: string): PaperForMatching[] {
    return this.byKey.get(key) ?? [];
  }

  /**
   * Unconfirmed papers whose key is one edit from `key`, found through shared deletions, then
   * checked: two neighbours swapped first (the commonest slip in copying a number), then the rest.
   */
  near(key: string): PaperForMatching[] {
    if (!this.byDeletion) {
      this.byDeletion = new Map();
      for (const [paperKey, list] of this.byKey)
        for (const variant of [paperKey, ...oneDeletions(paperKey)]) {
          const known = this.byDeletion.get(variant);
          if (known) known.push(...list);
          else this.byDeletion.set(variant, [...list]);
        }
    }
    const found = new Set<PaperForMatching>();
    for (const variant of [key, ...oneDeletions(key)])
      for (const paper of this.byDeletion.get(variant) ?? [])
        if (!paper.confirmedOn && withinOneEdit(key, paymentKey(paper.paymentId))) found.add(paper);
    return [...found].sort(
      (a, b) => Number(!isSwap(key, paymentKey(a.paymentId))) - Number(!isSwap(key, paymentKey(b.paymentId))),
    );
  }
}

/**
 * Each row's class against the papers as they are now, in the order of the statement:
 * unreadable (the reader's problem), unmatched (no paper has the ID; papers one edit away are
 * suggested), duplicate (the ID is on two papers, comes again in the statement, or the paper's
 * payment is confirmed already, not from this row), amount differs (from the fee for the day
 * received and the paper's category) or matched.
 */
export function classifyRows(
  records: StatementRowRecord[],
  papers: PaperForMatching[],
  dates: Pick<ConferenceDates, 'earlyBirdCloses'>,
): Omit<StatementReport, 'statement' | 'findings'> {
  const index = new PaperIndex(papers);
  const firstLine = new Map<string, number>();
  const keysInStatement = new Set<string>();
  const rows = records.map((record): StatementRow => {
    const keys = [record.paymentId, ...record.otherReferences].map(paymentKey).filter((k) => k !== '');
    for (const key of keys) keysInStatement.add(key);
    const base = {
      _id: record.id,
      line: record.line,
      paymentId: record.paymentId,
      amountMinor: record.amountMinor,
      currency: record.currency,
      receivedOn: record.receivedOn,
      payerName: record.payerName,
      resolution: record.resolution as RowResolution | null,
      resolvedPaperId: record.resolvedPaperId,
      note: record.note,
      resolvedBy: record.resolvedBy,
      resolvedAt: record.resolvedAt?.toISOString() ?? null,
      paper: null,
      suggestions: [],
      feeDue: null,
    };
    const matchedKey = keys.find((key) => index.exact(key).length > 0);
    const found = matchedKey ? index.exact(matchedKey) : [];
    const classed = (rowClass: RowClass, explanation: string, extra: Partial<StatementRow> = {}): StatementRow => ({
      ...base,
      class: rowClass,
      explanation,
      ...extra,
    });
    if (record.problem !== null) return classed('unreadable', record.problem);
    if (found.length === 0) {
      const suggestions = [...new Set(keys.flatMap((key) => index.near(key)))].slice(0, MAX_SUGGESTIONS).map(refOf);
      return classed(
        'unmatched',
        suggestions.length > 0
          ? `No paper has this payment ID. Close to: ${suggestions.map((s) => `${s.paymentId} (${s.ictacemId})`).join(', ')}.`
          : 'No paper has this payment ID.',
        { suggestions },
      );
    }
    if (found.length > 1)
      return classed(
        'duplicate',
        `The payment ID is on ${found.length} papers: ${found.map((p) => p.ictacemId).join(', ')}.`,
        { suggestions: found.map(refOf) },
      );
    const paper = found[0]!;
    const withPaper = { paper: refOf(paper) };
    const earlier = firstLine.get(matchedKey!);
    if (earlier !== undefined)
      return classed('duplicate', `Paid twice in this statement: also line ${earlier}.`, withPaper);
    firstLine.set(matchedKey!, record.line);
    const confirmedHere = record.resolution === 'confirmed' || record.resolution === 'confirmed_by_hand';
    if (paper.confirmedOn && !confirmedHere)
      return classed(
        'duplicate',
        `Already confirmed (received ${formatReceivedOn(paper.confirmedOn)}, by ${paper.confirmedSource === 'statement' ? 'a statement' : 'an organiser'}).`,
        withPaper,
      );
    return feeClass(record, paper, dates, classed, withPaper);
  });
  const counts = Object.fromEntries(ROW_CLASSES.map((c) => [c, 0])) as Record<RowClass, number>;
  for (const row of rows) counts[row.class] += 1;
  const papersWithoutRow = papers
    .filter((paper) => !paper.confirmedOn && !keysInStatement.has(paymentKey(paper.paymentId)))
    .map(refOf);
  return { rows, counts, papersWithoutRow };
}

function feeClass(
  record: StatementRowRecord,
  paper: PaperForMatching,
  dates: Pick<ConferenceDates, 'earlyBirdCloses'>,
  classed: (rowClass: RowClass, explanation: string, extra?: Partial<StatementRow>) => StatementRow,
  withPaper: Pick<StatementRow, 'paper'>,
): StatementRow {
  const paid = formatMoney(record.amountMinor!, record.currency!);
  if (paper.categoryCurrency === null || paper.earlyBirdMinor === null || paper.lateMinor === null)
    return classed('amount_differs', `The author has not chosen a fee category; ${paid} paid.`, withPaper);
  const rate = rateOn(record.receivedOn!, dates, currentConference().timeZone);
  const due = feeFor({ earlyBirdMinor: paper.earlyBirdMinor, lateMinor: paper.lateMinor }, rate);
  const feeDue = { amountMinor: due, currency: paper.categoryCurrency as Currency, rate };
  const dueText = `${formatMoney(due, paper.categoryCurrency)} due (${paper.categoryName}, ${RATE_WORDS[rate]} for ${formatReceivedOn(record.receivedOn!)})`;
  if (record.currency !== paper.categoryCurrency || record.amountMinor !== due)
    return classed('amount_differs', `${dueText}; ${paid} paid.`, { ...withPaper, feeDue });
  return classed('matched', `${paid}, ${RATE_WORDS[rate]}.`, { ...withPaper, feeDue });
}
