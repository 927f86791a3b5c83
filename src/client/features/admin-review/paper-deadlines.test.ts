import { describe, expect, it } from 'vitest';
import { STEP_LABELS, stepsToExtend } from './paper-deadlines.ts';

const submitted = {
  pdfPath: '/api/papers/1/abstract',
  paymentId: '',
  fullPaperPdfPath: null,
  status: 'review_in_progress' as const,
};

describe('stepsToExtend', () => {
  it('offers payment and full paper while the abstract is in and the rest is to do', () => {
    expect(stepsToExtend(submitted)).toEqual(['payment', 'fullPaper']);
  });

  it('offers the abstract only once it was reset', () => {
    expect(stepsToExtend({ ...submitted, pdfPath: null })).toEqual(['abstract', 'payment', 'fullPaper']);
  });

  it('takes the placeholder payment ID as not paid, and offers nothing once everything is done', () => {
    expect(stepsToExtend({ ...submitted, paymentId: 'txn 123456789', fullPaperPdfPath: '/full' })).toEqual(['payment']);
    expect(stepsToExtend({ ...submitted, paymentId: 'TXN-1', fullPaperPdfPath: '/full' })).toEqual([]);
  });

  it('offers the author response only while one is awaited', () => {
    const done = { ...submitted, paymentId: 'TXN-1', fullPaperPdfPath: '/full' };
    expect(stepsToExtend({ ...done, status: 'author_response_awaited' })).toEqual(['response']);
  });
});

describe('STEP_LABELS', () => {
  it('names the steps as a list item starts', () => {
    expect(STEP_LABELS).toEqual({
      abstract: 'Extended abstract',
      payment: 'Payment',
      fullPaper: 'Full paper',
      response: 'Author response',
    });
  });
});
