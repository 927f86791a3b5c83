import { describe, expect, it } from 'vitest';
import type { SubmissionHistoryEntry } from '@shared/schemas/admin-paper.ts';
import { buildUserActivity } from './user-activity.ts';

const user = { _id: 'u1', createdAt: '2025-01-01T09:00:00Z' };

const version = (id: string, n: number, submittedAt: string): SubmissionHistoryEntry => ({
  _id: id,
  version: n,
  submittedAt,
  fileName: 'f.pdf',
  status: 'current',
  resetBy: null,
  resetAt: null,
  resetReason: null,
  viewUrl: '/v',
});

const paper = (parts: { fullPaperPdfPath?: string | null; fullPaperSubmittedAt?: string | null } = {}) => ({
  _id: 'p1',
  title: 'Wake dynamics',
  submittedAt: '2025-02-01T09:00:00Z',
  fullPaperSubmittedAt: null,
  fullPaperPdfPath: null,
  ...parts,
});

describe('buildUserActivity', () => {
  it('lists the account and every version, newest first, with first and later wording', () => {
    const events = buildUserActivity(user, [paper()], () => ({
      abstractSubmissionHistory: [version('a1', 1, '2025-02-01T09:00:00Z'), version('a2', 2, '2025-03-01T09:00:00Z')],
      fullPaperSubmissionHistory: [version('f1', 1, '2025-04-01T09:00:00Z'), version('f2', 2, '2025-05-01T09:00:00Z')],
    }));
    expect(events.map(({ title, subtitle }) => [title, subtitle])).toEqual([
      ['Full Paper Re-uploaded: Wake dynamics', 'Version 2'],
      ['Full Paper Submitted: Wake dynamics', undefined],
      ['Abstract Re-uploaded: Wake dynamics', 'Version 2'],
      ['Abstract Submitted: Wake dynamics', undefined],
      ['Account Created', undefined],
    ]);
  });

  it('adds one full-paper event from the full paper date when the history has none', () => {
    const events = buildUserActivity(
      user,
      [paper({ fullPaperPdfPath: '/full', fullPaperSubmittedAt: '2025-06-01T09:00:00Z' })],
      () => ({
        abstractSubmissionHistory: [],
        fullPaperSubmissionHistory: [],
      }),
    );
    expect(events[0]).toMatchObject({
      kind: 'fullpaper',
      title: 'Full Paper Submitted: Wake dynamics',
      at: '2025-06-01T09:00:00Z',
    });
    expect(events).toHaveLength(2);
  });

  it('falls back to the submit date, also when the history could not be read', () => {
    const events = buildUserActivity(user, [paper({ fullPaperPdfPath: '/full' })], () => undefined);
    expect(events.map((e) => [e.title, e.at])).toEqual([
      ['Full Paper Submitted: Wake dynamics', '2025-02-01T09:00:00Z'],
      ['Account Created', '2025-01-01T09:00:00Z'],
    ]);
  });

  it('shows only the account for a user without papers', () => {
    expect(buildUserActivity(user, [], () => undefined)).toEqual([
      { id: 'account-u1', kind: 'account', title: 'Account Created', at: user.createdAt },
    ]);
  });
});
