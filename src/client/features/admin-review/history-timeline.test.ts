import { describe, expect, it } from 'vitest';
import type { AdminActionEntry, PaperHistory, SubmissionHistoryEntry } from '@shared/schemas/admin-paper.ts';
import { adminActionLabel, buildHistoryTimeline, entryCountLabel, versionStatusLabel } from './history-timeline.ts';

const version = (
  id: string,
  n: number,
  submittedAt: string,
  status: SubmissionHistoryEntry['status'] = 'current',
): SubmissionHistoryEntry => ({
  _id: id,
  version: n,
  submittedAt,
  fileName: `${id}.pdf`,
  status,
  resetBy: null,
  resetAt: null,
  resetReason: null,
  viewUrl: `/view/${id}`,
});

const action = (id: string, actionAt: string): AdminActionEntry => ({
  _id: id,
  adminAction: 'status_change',
  actionAt,
  performedBy: 'admin',
  previousStatus: 'review_awaited',
  newStatus: 'abstract_accepted',
  reviewComments: null,
});

const history = (parts: Partial<PaperHistory>): PaperHistory => ({
  _id: 'p1',
  title: 'A paper',
  abstractSubmissionHistory: [],
  fullPaperSubmissionHistory: [],
  adminActions: [],
  ...parts,
});

describe('buildHistoryTimeline', () => {
  it('merges abstract, full-paper and admin entries, newest first', () => {
    const timeline = buildHistoryTimeline(
      history({
        abstractSubmissionHistory: [
          version('a1', 1, '2025-01-01T10:00:00Z', 'reset_by_admin'),
          version('a2', 2, '2025-01-05T10:00:00Z'),
        ],
        fullPaperSubmissionHistory: [version('f1', 1, '2025-01-03T10:00:00Z')],
        adminActions: [action('x1', '2025-01-02T10:00:00Z')],
      }),
    );
    expect(timeline.map((item) => (item.type === 'action' ? item.action._id : item.entry._id))).toEqual([
      'a2',
      'f1',
      'x1',
      'a1',
    ]);
    expect(timeline[1]).toMatchObject({ type: 'submission', kind: 'fullpaper' });
    expect(timeline[0]).toMatchObject({ type: 'submission', kind: 'abstract' });
  });

  it('is empty for a paper without history', () => {
    expect(buildHistoryTimeline(history({}))).toEqual([]);
  });
});

describe('labels', () => {
  it('title-cases an action name', () => {
    expect(adminActionLabel('status_change')).toBe('Status Change');
    expect(adminActionLabel('abstract_reset')).toBe('Abstract Reset');
    expect(adminActionLabel('fullpaper_reset')).toBe('Full Paper Reset');
    expect(adminActionLabel('review')).toBe('Review');
  });

  it('names the known version statuses and shows others raw', () => {
    expect(versionStatusLabel('current')).toBe('Current');
    expect(versionStatusLabel('superseded')).toBe('Superseded');
    expect(versionStatusLabel('reset_by_admin')).toBe('Reset by Admin');
    expect(versionStatusLabel('archived')).toBe('archived');
  });

  it('counts entries in the singular and plural', () => {
    expect(entryCountLabel(0)).toBe('0 entries');
    expect(entryCountLabel(1)).toBe('1 entry');
    expect(entryCountLabel(2)).toBe('2 entries');
  });
});
