import type { StatementFormat } from '@shared/domain/payment-statements.ts';

/**
 * A statement whose first character is "<" is XML (CAMT.053); anything else is read as CSV.
 * Decided from the first bytes with the platform's decoder, so the server's start loads none of
 * the parsers (they run in the worker thread).
 */
export function formatOf(bytes: Uint8Array): StatementFormat {
  const head = bytes.subarray(0, 512);
  const encoding =
    head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : 'utf-8';
  const text = new TextDecoder(encoding).decode(head).replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? 'camt053' : 'csv';
}
