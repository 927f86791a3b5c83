import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../schemas/admin-dashboard.ts';
import { evaluationState, paymentState } from './record-states.ts';

const user = { _id: 'u1', username: 'Ada', email: 'ada@example.org', customUserId: 'ICT-1' };
const paper = (changes: Partial<NonNullable<RecordRow['paper']>>): RecordRow => ({
  user,
  paper: {
    _id: 'p1',
    title: 'Wakes',
    status: 'review_awaited',
    paymentId: '',
    paymentIdShared: false,
    submittedAt: '2025-10-01T12:00:00Z',
    marks: null,
    evaluatedAt: null,
    reviews: { assigned: 0, submitted: 0, mean: null, spread: null, disagreement: false },
    heldDecision: null,
    ...changes,
  },
});

describe('paymentState', () => {
  it('is paid with a real payment ID', () => {
    expect(paymentState(paper({ paymentId: 'UTR-42' }))).toBe('paid');
  });

  it('is unpaid with a blank one or the placeholder', () => {
    expect(paymentState(paper({ paymentId: '' }))).toBe('unpaid');
    expect(paymentState(paper({ paymentId: '  ' }))).toBe('unpaid');
    expect(paymentState(paper({ paymentId: 'TXN123456789' }))).toBe('unpaid');
  });

  it('is none for a user without a paper', () => {
    expect(paymentState({ paper: null })).toBe('none');
  });
});

describe('evaluationState', () => {
  it('is evaluated once marks are set, zero included', () => {
    expect(evaluationState(paper({ marks: 0 }))).toBe('evaluated');
    expect(evaluationState(paper({ marks: 88 }))).toBe('evaluated');
  });

  it('is pending without marks and none without a paper', () => {
    expect(evaluationState(paper({}))).toBe('pending');
    expect(evaluationState({ paper: null })).toBe('none');
  });
});
