import type { RecordRow } from '@shared/schemas/admin-dashboard.ts';
import { formatDate } from '@client/lib/dates.ts';
import { statusLabel } from '@client/components/status-badge.tsx';
import { useReportLoadError } from '../dashboard-messages.tsx';
import { type SelectOption, StatCard } from '../dashboard-ui.tsx';
import { evaluationScoreClass } from '@client/admin/score-bands.ts';
import { formatAverageScore, formatRate } from '../percentages.ts';
import { EVALUATION_STATE_LABELS, evaluationState, type EvaluationState } from '@shared/domain/record-states.ts';
import {
  PAPER_COLUMN,
  PaperCell,
  RecordCell,
  type RecordColumn,
  RecordsTableFrame,
  RecordTableRow,
  recordKey,
  USER_COLUMN,
  UserCell,
} from './records-table-frame.tsx';
import { RecordsToolbar } from './records-toolbar.tsx';
import { type RecordsFilter, type RecordsSort, useRecordsTable } from './use-records-table.ts';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';
import { MeanMark, ReviewsCount } from '@client/components/review-tally.tsx';

const FILTERS: SelectOption<RecordsFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'evaluated', label: 'Evaluated Only' },
  { value: 'pending', label: 'Pending Only' },
  { value: 'reviewsComplete', label: 'Reviews complete' },
  { value: 'missingReviews', label: 'Missing reviews' },
  { value: 'disagreement', label: 'Disagreement' },
];
/** Spec 2.3: newest first by default, the highest score first with unscored papers last, or by name. */
const SORTS: SelectOption<RecordsSort>[] = [
  { value: 'submitted', label: 'Submission Date' },
  { value: 'score', label: 'Score' },
  { value: 'mean', label: 'Mean mark' },
  { value: 'name', label: 'User Name' },
];
const STATE_COLUMN: RecordColumn = { label: 'Evaluation Status', width: 'w-34' };
const SCORE_COLUMN: RecordColumn = { label: 'Score', width: 'w-18' };
const REVIEWS_COLUMN: RecordColumn = { label: 'Reviews', width: 'w-22' };
const MEAN_COLUMN: RecordColumn = { label: 'Mean mark', width: 'w-34' };
const REVIEWED_COLUMN: RecordColumn = { label: 'Reviewed', width: 'w-36' };
const SUBMITTED_COLUMN: RecordColumn = { label: 'Submitted', width: 'w-36' };
const COLUMNS = [
  USER_COLUMN,
  PAPER_COLUMN,
  STATE_COLUMN,
  SCORE_COLUMN,
  REVIEWS_COLUMN,
  MEAN_COLUMN,
  REVIEWED_COLUMN,
  SUBMITTED_COLUMN,
];
const EVALUATION_STATE_TONES: Record<EvaluationState, BadgeTone> = {
  evaluated: 'success',
  pending: 'progress',
  none: 'neutral',
};

/** Evaluation (spec 2.3): every author with their paper's confidential score. */
export function EvaluationPanel() {
  const table = useRecordsTable('evaluation');
  useReportLoadError(table.result.error, 'Failed to load evaluation records: ');
  const summary = table.result.data?.summary;

  return (
    <div className="space-y-5">
      {summary && (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <StatCard label="Total Submissions" value={summary.totalSubmissions} />
          <StatCard label="Evaluated" value={summary.evaluated} accent="green" />
          <StatCard label="Pending" value={summary.pending} accent="yellow" />
          <StatCard label="No Submissions" value={summary.noSubmissions} accent="slate" />
          <StatCard label="Evaluation Rate" value={formatRate(summary.evaluationRate)} accent="blue" />
          <StatCard label="Average Score" value={formatAverageScore(summary.averageScore)} accent="purple" />
        </div>
      )}
      <RecordsToolbar table={table} filterOptions={FILTERS} sortOptions={SORTS} />
      <RecordsTableFrame
        table={table}
        label="Evaluation records"
        emptyTitle="No evaluation records found"
        footerNoun="evaluation records"
        columns={COLUMNS}
        renderRow={(row) => <EvaluationRow key={recordKey(row)} row={row} />}
      />
    </div>
  );
}

function EvaluationRow({ row }: { row: RecordRow }) {
  const { paper } = row;
  const state = evaluationState(row);
  return (
    <RecordTableRow>
      <UserCell user={row.user} />
      <PaperCell
        paper={paper}
        detail={
          paper && (
            <p className="text-xs text-slate-500">
              {statusLabel(paper.status)}
              {paper.heldDecision && (
                <span className="ml-1 font-semibold text-amber-900" data-testid="record-held-decision">
                  · Decision held: {statusLabel(paper.heldDecision)}
                </span>
              )}
            </p>
          )
        }
      />
      <RecordCell column={STATE_COLUMN}>
        <Badge tone={EVALUATION_STATE_TONES[state]} size="medium">
          {EVALUATION_STATE_LABELS[state]}
        </Badge>
        {paper && paper.marks !== null && <p className="mt-1 text-xs text-slate-600 tabular-nums">{paper.marks}/100</p>}
      </RecordCell>
      <RecordCell column={SCORE_COLUMN}>
        <span data-testid="record-score">
          {paper && paper.marks !== null ? (
            <span
              className={`inline-flex rounded-md px-2 py-1 font-bold tabular-nums ${evaluationScoreClass(paper.marks)}`}
            >
              {paper.marks}
            </span>
          ) : (
            <span className="text-slate-500">N/A</span>
          )}
        </span>
      </RecordCell>
      <RecordCell column={REVIEWS_COLUMN} className="whitespace-nowrap text-slate-700">
        {paper ? <ReviewsCount tally={paper.reviews} /> : 'N/A'}
      </RecordCell>
      <RecordCell column={MEAN_COLUMN} className="text-slate-700">
        {paper ? <MeanMark tally={paper.reviews} /> : 'N/A'}
      </RecordCell>
      <RecordCell column={REVIEWED_COLUMN} className="whitespace-nowrap text-slate-700">
        {paper ? (paper.evaluatedAt ? formatDate(paper.evaluatedAt) : 'Not reviewed') : 'N/A'}
      </RecordCell>
      <RecordCell column={SUBMITTED_COLUMN} className="whitespace-nowrap text-slate-700">
        {paper ? formatDate(paper.submittedAt) : 'N/A'}
      </RecordCell>
    </RecordTableRow>
  );
}
