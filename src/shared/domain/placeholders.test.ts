import { describe, expect, it } from 'vitest';
import { fillPlaceholders, placeholderError, unknownPlaceholders } from './placeholders.ts';

const values = {
  name: 'Sophie Germain',
  paperId: 'ICTACEMP2025ABCDE',
  title: 'Elastic plates',
  status: 'Abstract Accepted',
  paymentId: '{title}',
};

describe('placeholders', () => {
  it('fills each known placeholder, every time it appears, and leaves inserted values alone', () => {
    expect(fillPlaceholders('Dear {name}, "{title}" ({paperId}) is {status}. {name}: {paymentId}', values)).toBe(
      'Dear Sophie Germain, "Elastic plates" (ICTACEMP2025ABCDE) is Abstract Accepted. Sophie Germain: {title}',
    );
  });

  it('names unknown placeholders once each, and accepts a text without any', () => {
    expect(unknownPlaceholders('Hi {nmae}, {title} {nmae} {Name}')).toEqual(['nmae', 'Name']);
    expect(placeholderError('Hi {nmae}')).toBe(
      'Unknown placeholder {nmae}. You can use {name}, {paperId}, {title}, {status}, {paymentId}.',
    );
    expect(placeholderError('Plain text with { braces } and {}')).toBe(
      'Unknown placeholder {}. You can use {name}, {paperId}, {title}, {status}, {paymentId}.',
    );
    expect(placeholderError('Plain text, {name}')).toBeNull();
  });
});
