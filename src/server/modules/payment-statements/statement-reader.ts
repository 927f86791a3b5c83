import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import iconv from 'iconv-lite';
import type { Currency } from '@shared/domain/fees.ts';
import {
  type ColumnMapping,
  looksLikeFormula,
  parseCurrency,
  parseStatementAmount,
  parseStatementDate,
  STATEMENT_LIMITS,
  STATEMENT_MESSAGES,
  type StatementFormat,
} from '@shared/domain/payment-statements.ts';
import { formatOf } from './statement-format.ts';

/** One row as read from the file: its facts, or the problem that kept them from being read. */
export interface ReadRow {
  line: number;
  paymentId: string;
  otherReferences: string[];
  amountMinor: number | null;
  currency: Currency | null;
  receivedOn: string | null;
  payerName: string;
  problem: string | null;
}

export type ReadOutcome =
  | { kind: 'read'; format: StatementFormat; encoding: string; findings: string[]; rows: ReadRow[] }
  | { kind: 'needs_mapping'; columns: string[]; message: string }
  | { kind: 'refused'; status: 'bad_request' | 'too_large'; message: string };

const cell = (text: unknown) => (typeof text === 'string' ? text : '').trim().slice(0, STATEMENT_LIMITS.maxCellChars);

/**
 * The text of a file in the encoding the portal wrote it: UTF-16 where its byte-order mark
 * says so, UTF-8 (with or without its mark) where the bytes are valid UTF-8, Windows-1252
 * otherwise (an export from an older spreadsheet, where "Wójcik" is not valid UTF-8).
 */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: iconv.decode(Buffer.from(bytes), 'utf-16le'), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: iconv.decode(Buffer.from(bytes), 'utf-16be'), encoding: 'UTF-16BE' };
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: hasBom ? 'UTF-8 with BOM' : 'UTF-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'windows-1252'), encoding: 'Windows-1252' };
  }
}

export function readStatement(bytes: Uint8Array, mapping: ColumnMapping | null): ReadOutcome {
  if (bytes.length === 0) return { kind: 'refused', status: 'bad_request', message: STATEMENT_MESSAGES.empty };
  const { text, encoding } = decodeStatement(bytes);
  const body = text.replace(/^\uFEFF/, '');
  return formatOf(bytes) === 'camt053' ? readCamt053(body, encoding) : readCsv(body, encoding, mapping);
}

/** The separator the header line uses most: comma, semicolon (European exports) or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(text: string, encoding: string, mapping: ColumnMapping | null): ReadOutcome {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      // The header and one row over the limit, to say that there were too many.
      to: STATEMENT_LIMITS.maxRows + 2,
      max_record_size: STATEMENT_LIMITS.maxCellChars * STATEMENT_LIMITS.maxColumns,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    return {
      kind: 'refused',
      status: 'bad_request',
      message: `${STATEMENT_MESSAGES.parseFailed}${where ? ` Line ${where}` : ''}: ${(error as Error).message.split('\n')[0]}`,
    };
  }
  const [header, ...data] = records;
  if (!header) return { kind: 'refused', status: 'bad_request', message: STATEMENT_MESSAGES.empty };
  if (data.length > STATEMENT_LIMITS.maxRows)
    return { kind: 'refused', status: 'too_large', message: STATEMENT_MESSAGES.tooManyRows };
  const columns = header.record.slice(0, STATEMENT_LIMITS.maxColumns).map(cell);
  if (!mapping) return { kind: 'needs_mapping', columns, message: STATEMENT_MESSAGES.needsMapping };
  const wanted = [mapping.paymentId, mapping.amount, mapping.receivedOn, mapping.currency, mapping.payerName].filter(
    (name): name is string => name !== null,
  );
  const missing = wanted.filter((name) => !columns.includes(name));
  if (missing.length > 0)
    return {
      kind: 'needs_mapping',
      columns,
      message: `${STATEMENT_MESSAGES.mappingMissingColumns} ${missing.map((m) => `“${m}”`).join(', ')}. ${STATEMENT_MESSAGES.needsMapping}`,
    };
  const at = (name: string | null) => (name === null ? -1 : columns.indexOf(name));
  const index = {
    paymentId: at(mapping.paymentId),
    amount: at(mapping.amount),
    currency: at(mapping.currency),
    receivedOn: at(mapping.receivedOn),
    payerName: at(mapping.payerName),
  };
  const rows = data.map(({ record, info }) => csvRow(record, info.lines, index, mapping));
  const findings: string[] = [];
  if (rows.length > 0 && rows.every((r) => r.problem !== null))
    findings.push('No row could be read: check the column mapping, the decimal separator and the date format.');
  return { kind: 'read', format: 'csv', encoding, findings, rows };
}

function csvRow(
  record: string[],
  line: number,
  index: Record<'paymentId' | 'amount' | 'currency' | 'receivedOn' | 'payerName', number>,
  mapping: ColumnMapping,
): ReadRow {
  const value = (i: number) => (i < 0 ? '' : cell(record[i]));
  const problems: string[] = [];
  const paymentId = value(index.paymentId);
  const payerName = value(index.payerName);
  const amountText = value(index.amount);
  const dayText = value(index.receivedOn);
  const currencyText = index.currency < 0 ? mapping.defaultCurrency : value(index.currency);
  const shortRow = record.length <= Math.max(...Object.values(index));
  if (shortRow) problems.push(`The row has ${record.length} columns; the header has more.`);
  if (paymentId === '') problems.push('The payment ID is empty.');
  else if (looksLikeFormula(paymentId))
    problems.push(`The payment ID “${paymentId}” looks like a spreadsheet formula.`);
  if (looksLikeFormula(payerName)) problems.push(`The payer’s name “${payerName}” looks like a spreadsheet formula.`);
  const amountMinor = parseStatementAmount(amountText, mapping.decimalSeparator);
  if (amountMinor === null)
    problems.push(
      `The amount “${amountText}” is not an amount with “${mapping.decimalSeparator}” as the decimal separator.`,
    );
  const receivedOn = parseStatementDate(dayText, mapping.dateFormat);
  if (receivedOn === null) problems.push(`The date “${dayText}” is not a day in the form ${mapping.dateFormat}.`);
  const currency = parseCurrency(currencyText);
  if (currency === null) problems.push(`The currency “${currencyText}” is not INR or USD.`);
  return {
    line,
    paymentId,
    otherReferences: [],
    amountMinor,
    currency,
    receivedOn,
    payerName,
    problem: problems.length > 0 ? problems.join(' ') : null,
  };
}

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
/** An element's text: a plain string, or the text of an element with attributes. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : cell(asNode(value)?.['#text']));
const path = (node: unknown, ...names: string[]): unknown =>
  names.reduce<unknown>((current, name) => asNode(current)?.[name], node);

/** The amount of a CAMT element `Amt Ccy="INR"`: ISO 20022 writes a point and no grouping. */
function camtAmount(amt: unknown, where: string, problems: string[]) {
  if (amt === undefined) {
    problems.push(`${where}: Amt is missing.`);
    return { amountMinor: null, currency: null };
  }
  const digits = textOf(amt);
  const ccy = cell(asNode(amt)?.['@_Ccy']);
  const match = /^(\d{1,12})(?:\.(\d{1,5}))?$/.exec(digits);
  const fraction = match?.[2] ?? '';
  const exact = match && /^\d{0,2}0*$/.test(fraction);
  const amountMinor = exact ? Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) : null;
  if (amountMinor === null) problems.push(`${where}: the amount “${digits}” is not an amount.`);
  const currency = parseCurrency(ccy);
  if (ccy === '') problems.push(`${where}: Amt has no Ccy.`);
  else if (currency === null) problems.push(`${where}: the currency “${ccy}” is not INR or USD.`);
  return { amountMinor, currency };
}

/** BookgDt (the day the bank booked it), else ValDt: `Dt` or `DtTm`. */
function camtDay(entry: Node): string | null {
  for (const name of ['BookgDt', 'ValDt']) {
    const at = asNode(entry[name]);
    const day = (textOf(at?.Dt) || textOf(at?.DtTm)).slice(0, 10);
    if (day) return parseStatementDate(day, 'YYYY-MM-DD');
  }
  return null;
}

const NOT_PROVIDED = 'NOTPROVIDED';

/**
 * Where a CAMT transaction may carry the payment ID, most specific first: the end-to-end ID,
 * the unstructured remittance lines (and their words), the transaction ID, the bank's reference.
 */
function referencesOf(details: Node | undefined, entry: Node): string[] {
  const refs = asNode(details?.Refs);
  const remittance = asList(path(details, 'RmtInf', 'Ustrd')).map(textOf);
  const words = remittance.flatMap((line) => line.split(/[\s,;:/]+/));
  const candidates = [
    textOf(refs?.EndToEndId),
    ...remittance,
    ...words,
    textOf(refs?.TxId),
    textOf(refs?.AcctSvcrRef),
    textOf(entry.AcctSvcrRef),
  ];
  const seen = new Set<string>();
  return candidates
    .map(cell)
    .filter((c) => c !== '' && c.toUpperCase() !== NOT_PROVIDED && !seen.has(c) && seen.add(c))
    .slice(0, 12);
}

const XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Amounts and IDs stay text: "00420" is not 420, "5000.50" is not a float.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name: string) => ['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd'].includes(name),
};

/**
 * Reads a CAMT.053 statement (ISO 20022 bank-to-customer statement, versions .001.02 to .001.08)
 * checking each part it reads: Document/BkToCstmrStmt/Stmt/Ntry, each entry's Amt with its Ccy,
 * CdtDbtInd, BookgDt or ValDt, and its NtryDtls/TxDtls (Refs, RmtInf/Ustrd, RltdPties/Dbtr/Nm).
 * What is missing is reported, per entry or for the file.
 */
function readCamt053(text: string, encoding: string): ReadOutcome {
  // No DTD or entity declarations: a statement has none, and they are how XML files attack parsers.
  if (/<!(DOCTYPE|ENTITY)/i.test(text))
    return { kind: 'refused', status: 'bad_request', message: `${STATEMENT_MESSAGES.notCamt053}: it declares a DTD.` };
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    return {
      kind: 'refused',
      status: 'bad_request',
      message: `${STATEMENT_MESSAGES.xmlInvalid} (line ${valid.err.line}: ${valid.err.msg}).`,
    };
  const document = asNode(asNode(new XMLParser(XML_OPTIONS).parse(text))?.Document);
  const refuse = (missing: string): ReadOutcome => ({
    kind: 'refused',
    status: 'bad_request',
    message: `${STATEMENT_MESSAGES.notCamt053}: ${missing} is missing.`,
  });
  if (!document) return refuse('Document');
  const statement = asNode(document.BkToCstmrStmt);
  if (!statement) return refuse('Document/BkToCstmrStmt');
  const stmts = asList(statement.Stmt).map(asNode);
  if (stmts.length === 0) return refuse('Document/BkToCstmrStmt/Stmt');
  const findings: string[] = [];
  const rows: ReadRow[] = [];
  let entryNumber = 0;
  let debits = 0;
  let pending = 0;
  for (const [s, stmt] of stmts.entries()) {
    const entries = asList(stmt?.Ntry).map(asNode);
    if (entries.length === 0) findings.push(`Stmt ${s + 1} has no entries (Ntry).`);
    for (const entry of entries) {
      entryNumber += 1;
      if (rows.length >= STATEMENT_LIMITS.maxRows)
        return { kind: 'refused', status: 'too_large', message: STATEMENT_MESSAGES.tooManyRows };
      if (!entry) continue;
      const where = `Entry ${entryNumber}${textOf(entry.NtryRef) ? ` (NtryRef ${textOf(entry.NtryRef)})` : ''}`;
      const indicator = textOf(entry.CdtDbtInd);
      if (indicator === 'DBIT') {
        debits += 1;
        continue;
      }
      const status = textOf(entry.Sts) || textOf(path(entry, 'Sts', 'Cd'));
      if (status === 'PDNG' || status === 'INFO') {
        pending += 1;
        continue;
      }
      rows.push(...entryRows(entry, entryNumber, where, indicator));
    }
  }
  if (debits > 0)
    findings.push(`${debits} debit ${debits === 1 ? 'entry was' : 'entries were'} left out (CdtDbtInd DBIT).`);
  if (pending > 0)
    findings.push(`${pending} pending ${pending === 1 ? 'entry was' : 'entries were'} left out (Sts PDNG or INFO).`);
  return { kind: 'read', format: 'camt053', encoding, findings, rows };
}

function entryRows(entry: Node, line: number, where: string, indicator: string): ReadRow[] {
  const entryProblems: string[] = [];
  if (indicator !== 'CRDT') entryProblems.push(`${where}: CdtDbtInd is ${indicator ? `“${indicator}”` : 'missing'}.`);
  const entryAmount = camtAmount(entry.Amt, where, entryProblems);
  const receivedOn = camtDay(entry);
  if (receivedOn === null) entryProblems.push(`${where}: BookgDt and ValDt are missing or not days.`);
  const details = asList(entry.NtryDtls).flatMap((d) => asList(asNode(d)?.TxDtls).map(asNode));
  if (details.length === 0) details.push(undefined);
  return details.map((detail, t) => {
    const problems = [...entryProblems];
    const txWhere = details.length > 1 ? `${where}, TxDtls ${t + 1}` : where;
    // A batch entry gives each transaction its own amount; a single one may leave it to the entry.
    const ownAmount = path(detail, 'AmtDtls', 'TxAmt', 'Amt') ?? path(detail, 'Amt');
    const { amountMinor, currency } =
      ownAmount !== undefined || details.length > 1 ? camtAmount(ownAmount, txWhere, problems) : entryAmount;
    const references = referencesOf(detail, entry);
    if (!detail) problems.push(`${where}: NtryDtls/TxDtls is missing.`);
    if (references.length === 0)
      problems.push(
        `${txWhere}: no payment ID (Refs/EndToEndId, RmtInf/Ustrd, Refs/TxId and AcctSvcrRef are missing).`,
      );
    const payerName =
      textOf(path(detail, 'RltdPties', 'Dbtr', 'Nm')) || textOf(path(detail, 'RltdPties', 'Dbtr', 'Pty', 'Nm'));
    if (payerName && looksLikeFormula(payerName))
      problems.push(`${txWhere}: the payer’s name “${payerName}” looks like a spreadsheet formula.`);
    return {
      line,
      paymentId: references[0] ?? '',
      otherReferences: references.slice(1),
      amountMinor,
      currency,
      receivedOn,
      payerName: cell(payerName),
      problem: problems.length > 0 ? problems.join(' ') : null,
    };
  });
}
