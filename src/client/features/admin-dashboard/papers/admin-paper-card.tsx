import { conferenceIdLabel } from '@shared/conference.ts';
import { PREFLIGHT_VERDICT_LABELS } from '@shared/domain/preflight-verdicts.ts';
import { lazy, type ReactNode, useRef } from 'react';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Link } from 'react-router';
import { MODE_NOT_SPECIFIED } from '@shared/constants.ts';
import type { AdminPaperListRow } from '@shared/schemas/admin-dashboard.ts';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { formatDate } from '@client/lib/dates.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { initialsOf } from '@client/lib/initials.ts';
import { StatusBadge, statusStripeClass } from '@client/components/status-badge.tsx';
import { HeldDecisionBadge } from '@client/components/held-decision-badge.tsx';
import { MeanMark, ReviewsCount } from '@client/components/review-tally.tsx';
import { PAPER_PAGE_SECTIONS, paperPagePath } from '@client/lib/paper-page-sections.ts';
import { LoadingData } from '../dashboard-ui.tsx';

// Opened on demand: the list shows without the form libraries, fetched with the first review.
const PaperReviewForm = lazy(() => import('./paper-review-form.tsx').then((m) => ({ default: m.PaperReviewForm })));

interface AdminPaperCardProps {
  paper: AdminPaperListRow;
  reviewOpen: boolean;
  /** Opens this paper's review panel (closing any other) or, with false, closes it. */
  onReviewOpenChange: (open: boolean) => void;
  /** Ticked for a bulk action. */
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  /** False while the card belongs to a list being replaced by a new filter's. */
  selectable: boolean;
}

/** A paper in Paper Management (spec 2.5). */
export function AdminPaperCard({
  paper,
  reviewOpen,
  onReviewOpenChange,
  selected,
  onSelectedChange,
  selectable,
}: AdminPaperCardProps) {
  const titleId = `admin-paper-title-${paper._id}`;
  const reviewPanelId = `admin-paper-review-${paper._id}`;
  const reviewButton = useRef<HTMLButtonElement>(null);
  const hasReview = paper.review.trim() !== '';
  const detailsPath = paperPagePath(paper._id);
  const closeReview = () => {
    onReviewOpenChange(false);
    reviewButton.current?.focus();
  };

  return (
    <article
      aria-labelledby={titleId}
      data-testid="admin-paper-card"
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className={`h-1.5 ${statusStripeClass(paper.status)}`} aria-hidden="true" />
      <div className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => onSelectedChange(event.target.checked)}
              disabled={!selectable}
              aria-label="Select for bulk actions"
              aria-describedby={titleId}
              className="mt-1.5 h-4 w-4 shrink-0"
            />
            <h3 id={titleId} className="text-lg font-bold break-words text-brand-900">
              {paper.title}
            </h3>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <StatusBadge status={paper.status} />
            {paper.heldDecision && <HeldDecisionBadge held={paper.heldDecision} />}
          </div>
        </div>

        <dl className="grid gap-3 text-sm sm:grid-cols-2 xl:grid-cols-3">
          <Detail term={conferenceIdLabel()}>
            <span className="font-mono wrap-anywhere">{paper.ictacemId}</span>
          </Detail>
          <Detail term="Theme">{paper.theme}</Detail>
          <Detail term="Mode of Presentation">{paper.modeOfPresentation || MODE_NOT_SPECIFIED}</Detail>
          <Detail term="Payment ID">
            {paper.paymentId.trim() ? (
              <span className="font-mono wrap-anywhere">{paper.paymentId}</span>
            ) : (
              'Not provided'
            )}
          </Detail>
          <Detail term="Submitted">{formatDate(paper.submittedAt)}</Detail>
          <Detail term="Preflight">
            <span
              data-testid="preflight-verdict"
              className={
                paper.preflight === 'warnings'
                  ? 'font-semibold text-amber-800'
                  : paper.preflight === 'passed'
                    ? 'text-green-800'
                    : 'text-slate-600'
              }
            >
              {PREFLIGHT_VERDICT_LABELS[paper.preflight]}
            </span>
          </Detail>
          <Detail term="Unread messages">
            {paper.unreadMessages > 0 ? (
              <span className="font-semibold text-red-700" data-testid="unread-messages">
                {formatCount(paper.unreadMessages)}
                {paper.lastAuthorMessageAt && (
                  <span className="font-normal text-slate-600"> (latest {formatDate(paper.lastAuthorMessageAt)})</span>
                )}
              </span>
            ) : (
              'None'
            )}
          </Detail>
          <Detail term="Reviews">
            <ReviewsCount tally={paper.reviews} />
          </Detail>
          <Detail term="Mean mark">
            <MeanMark tally={paper.reviews} />
          </Detail>
        </dl>

        {hasReview && (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
            <p className="font-semibold text-slate-900">Review Comments</p>
            <p className="mt-1 break-words whitespace-pre-line text-slate-700">{paper.review}</p>
          </div>
        )}

        <EvaluationSummary evaluation={paper.adminEvaluation} />

        <div>
          <p className="text-sm font-semibold text-slate-900">Authors</p>
          <ul className="mt-2 grid gap-2 md:grid-cols-2">
            {paper.authors.map((author, index) => (
              <li key={index} className="flex min-w-0 gap-3 rounded-lg bg-slate-50 p-3 text-sm">
                <span
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
                  aria-hidden="true"
                >
                  {initialsOf(author.name)}
                </span>
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{author.name}</p>
                  <p className="break-words text-slate-700">{author.affiliation}</p>
                  <p className="break-words whitespace-pre-line text-slate-500">{author.address}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>

        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:flex-wrap">
          <Link to={detailsPath} aria-describedby={titleId} className={buttonClass('primary')}>
            View Paper Details
          </Link>
          {paper.pdfPath && (
            <NewTabLink href={paper.pdfPath} describedBy={titleId}>
              View Abstract
            </NewTabLink>
          )}
          {paper.fullPaperPdfPath && (
            <NewTabLink href={paper.fullPaperPdfPath} describedBy={titleId}>
              View Full Paper
            </NewTabLink>
          )}
          <button
            ref={reviewButton}
            type="button"
            aria-expanded={reviewOpen}
            aria-controls={reviewOpen ? reviewPanelId : undefined}
            aria-describedby={titleId}
            onClick={() => onReviewOpenChange(!reviewOpen)}
            className={buttonClass('secondary')}
          >
            {hasReview ? 'Edit Review' : 'Write Review'}
          </button>
          {/* Resets and admin files are managed on the paper's own page, which opens at that panel. */}
          <Link
            to={paperPagePath(paper._id, PAPER_PAGE_SECTIONS.submissionControls)}
            aria-describedby={titleId}
            className={buttonClass('secondary')}
          >
            Reset Submissions
          </Link>
          <Link
            to={paperPagePath(paper._id, PAPER_PAGE_SECTIONS.adminFiles)}
            aria-describedby={titleId}
            className={buttonClass('secondary')}
          >
            Admin Files
          </Link>
        </div>

        {reviewOpen && (
          <LoadBoundary fallback={<LoadingData />}>
            <PaperReviewForm paper={paper} id={reviewPanelId} onClose={closeReview} />
          </LoadBoundary>
        )}
      </div>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function NewTabLink({ href, describedBy, children }: { href: string; describedBy: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={describedBy}
      className={buttonClass('secondary')}
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The confidential evaluation: marks, comments and who scored it; admins only ever see this. */
function EvaluationSummary({ evaluation }: { evaluation: AdminPaper['adminEvaluation'] }) {
  const { marks, confidentialComments, reviewedBy, reviewedAt } = evaluation;
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="admin-evaluation">
      <p className="font-semibold text-amber-900">Admin Evaluation (Confidential)</p>
      <dl className="mt-2 grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-amber-800">Marks</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {marks === null ? 'Not evaluated' : `${marks}/100`}
          </dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs text-amber-800">Reviewer</dt>
          <dd className="break-words text-slate-900">
            {reviewedBy ? `${reviewedBy.username}${reviewedAt ? `, ${formatDate(reviewedAt)}` : ''}` : 'Not reviewed'}
          </dd>
        </div>
        <div className="min-w-0 sm:col-span-3">
          <dt className="text-xs text-amber-800">Comments</dt>
          <dd className="break-words whitespace-pre-line text-slate-900">
            {confidentialComments.trim() || 'No confidential comments'}
          </dd>
        </div>
      </dl>
    </div>
  );
}
