import { describe, expect, it } from 'vitest';
import {
  looksLikeFormula,
  parseStatementAmount,
  parseStatementDate,
  paymentKey,
  withinOneEdit,
} from './payment-statements.ts';

describe('reading a statement’s cells', () => {
  it('parses amounts exactly into minor units by the chosen decimal separator', () => {
    expect(parseStatementAmount('1,234.50', '.')).toBe(123450);
    expect(parseStatementAmount('1234.5', '.')).toBe(123450);
    expect(parseStatementAmount('1,50,000', '.')).toBe(15000000);
    expect(parseStatementAmount('1.234,50', ',')).toBe(123450);
    expect(parseStatementAmount('0.29', '.')).toBe(29);
    expect(parseStatementAmount('1.234,50', '.')).toBeNull();
    for (const bad of ['-5000', '1e3', '12.345', 'five', '', '5000 INR'])
      expect(parseStatementAmount(bad, '.'), bad).toBeNull();
  });

  it('reads days in the mapping’s format, ignoring a time, refusing impossible days', () => {
    expect(parseStatementDate('12/11/2025 10:31:07', 'DD/MM/YYYY')).toBe('2025-11-12');
    expect(parseStatementDate('11/12/2025', 'MM/DD/YYYY')).toBe('2025-11-12');
    expect(parseStatementDate('2025-11-12T09:00:00Z', 'YYYY-MM-DD')).toBe('2025-11-12');
    expect(parseStatementDate('12.11.2025', 'DD.MM.YYYY')).toBe('2025-11-12');
    expect(parseStatementDate('31/02/2025', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('2025-11-12', 'DD/MM/YYYY')).toBeNull();
  });

  it('matches payment IDs whatever their case, spaces and dashes, and finds IDs one slip away', () => {
    expect(paymentKey(' cep–2025 - 0042 ')).toBe(paymentKey('CEP-2025-0042'));
    expect(withinOneEdit('CEP0042', 'CEP0024')).toBe(true);
    expect(withinOneEdit('CEP0042', 'CEP0043')).toBe(true);
    expect(withinOneEdit('CEP0042', 'CEP042')).toBe(true);
    expect(withinOneEdit('CEP0042', 'CEP00422')).toBe(true);
    expect(withinOneEdit('CEP0042', 'CEP4200')).toBe(false);
    expect(withinOneEdit('CEP0042', 'CEP0042')).toBe(false);
  });

  it('tells a spreadsheet formula from a payment ID', () => {
    for (const formula of ['=1+1', '+A1', '-2+3', '@SUM(A1)', '\t=cmd']) expect(looksLikeFormula(formula)).toBe(true);
    expect(looksLikeFormula('CEP-2025-0001')).toBe(false);
  });
});
