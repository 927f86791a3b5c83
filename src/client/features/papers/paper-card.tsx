import { lazy, type ReactNode } from 'react';
import { conferenceIdLabel } from '@shared/conference.ts';
import { MODE_NOT_SPECIFIED } from '@shared/constants.ts';
import { transition } from '@shared/domain/paper-workflow.ts';
import { isRealPaymentId } from '@shared/domain/payment.ts';
import type { AuthorPaper } from '@shared/schemas/paper.ts';
import { DeadlineNotice } from '@client/components/deadline-notice.tsx';
import { buttonClass, ButtonLink } from '@client/components/ui/button.tsx';
import { formatDate } from '@client/lib/dates.ts';
import { useDeadlineOpen } from '@client/lib/use-deadline-open.ts';
import { SharedFilesList } from './shared-files-list.tsx';
import { useReviewerComments } from './papers-api.ts';
import { StatusBadge, statusStripeClass } from '@client/components/status-badge.tsx';

const loadPaymentSection = () => import('./payment-section.tsx');
const loadReuploadForm = () => import('./reupload-form.tsx');
/**
 * The card's forms and the form libraries they run are fetched once the page has painted, not
 * before it: the list waits for them behind its loading state (UserPapersPanel).
 */
const PaymentSection = lazy(async () => ({ default: (await loadPaymentSection()).PaymentSection }));
const ReuploadForm = lazy(async () => ({ default: (await loadReuploadForm()).ReuploadForm }));

/**
 * Starts fetching the cards' forms, to have them by the time the papers arrive. A failure is
 * shown where a form would be, when a card asks for it again.
 */
export function preloadPaperCardForms(): void {
  Promise.all([loadPaymentSection(), loadReuploadForm()]).catch(() => undefined);
}

/** The server's state machine decides; spec 4: accepted, paid with a real payment ID, no full paper yet. */
function canSubmitFullPaper(paper: AuthorPaper): boolean {
  const state = {
    status: paper.status,
    abstract: paper.pdfPath ? 'current' : 'reset',
    fullPaper: paper.fullPaperPdfPath ? 'current' : 'none',
    paid: isRealPaymentId(paper.paymentId),
  } as const;
  return transition(state, { type: 'full_paper_submitted' }).ok;
}

/**
 * `chat` is the paper's chat button, `letters` its letters and `presentation` its place in the
 * programme, given by the page (features of their own).
 */
export function PaperCard({
  paper,
  chat,
  letters,
  presentation,
  response,
}: {
  paper: AuthorPaper;
  chat: ReactNode;
  letters?: ReactNode;
  presentation?: ReactNode;
  /** The response to the reviews: its form while one is awaited, the response once submitted. */
  response?: ReactNode;
}) {
  const titleId = `paper-title-${paper._id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="paper-card"
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className={`h-2 ${statusStripeClass(paper.status)}`} data-testid="paper-stripe" aria-hidden="true" />
      <div className="space-y-5 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StatusBadge status={paper.status} />
          <p className="text-sm text-slate-500">Submitted on {formatDate(paper.submittedAt)}</p>
        </div>
        <div>
          <h2 id={titleId} className="text-xl font-bold break-words text-brand-900">
            {paper.title}
          </h2>
          <span className="mt-2 inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
            {paper.theme}
          </span>
        </div>

        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          {paper.ictacemId ? (
            <Detail term={conferenceIdLabel()}>
              <span className="font-mono" data-testid="paper-ictacem-id">
                {paper.ictacemId}
              </span>
            </Detail>
          ) : (
            <Detail term="Paper ID">
              <span className="font-mono break-all">{paper._id}</span>
            </Detail>
          )}
          <Detail term="Mode of Presentation">{paper.modeOfPresentation || MODE_NOT_SPECIFIED}</Detail>
        </dl>

        <section aria-labelledby={`authors-${paper._id}`}>
          <h3 id={`authors-${paper._id}`} className="font-semibold text-slate-900">
            Authors
          </h3>
          <ol className="mt-2 grid gap-3 sm:grid-cols-2">
            {paper.authors.map((author, index) => (
              <li key={index} className="rounded-lg bg-slate-50 p-3 text-sm">
                <p className="font-medium break-words text-slate-900">
                  {author.name}
                  {index === 0 && <span className="ml-2 text-xs font-normal text-slate-500">(Primary Author)</span>}
                </p>
                <p className="break-words text-slate-700">{author.affiliation}</p>
                <p className="break-words whitespace-pre-line text-slate-500">{author.address}</p>
              </li>
            ))}
          </ol>
        </section>

        {paper.review.trim() !== '' && (
          <section
            aria-labelledby={`review-${paper._id}`}
            className="rounded-lg border border-slate-200 bg-slate-50 p-4"
          >
            <h3 id={`review-${paper._id}`} className="font-semibold text-slate-900">
              Review Comments
            </h3>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{paper.review}</p>
          </section>
        )}

        {/* While a response is awaited its section lists the shared comments; once sent, it shows the response. */}
        {response}
        {!(paper.status === 'author_response_awaited' && response) && <ReviewerComments paper={paper} />}

        {paper.pdfPath === null && <ReuploadForm paperId={paper._id} deadline={paper.deadlines.abstract} />}
        {paper.status === 'abstract_accepted' && <PaymentSection paper={paper} />}
        {presentation}
        <SharedFilesList paper={paper} />
        {letters}

        <PaperActions paper={paper} chat={chat} />
      </div>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function PaperActions({ paper, chat }: { paper: AuthorPaper; chat: ReactNode }) {
  const { pdfPath, fullPaperPdfPath } = paper;
  const fullPaperDue = canSubmitFullPaper(paper);
  const fullPaperDeadline = fullPaperDue ? paper.deadlines.fullPaper : null;
  const { now, open } = useDeadlineOpen(fullPaperDeadline?.closesAt);
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      {fullPaperDeadline && <DeadlineNotice step="fullPaper" deadline={fullPaperDeadline} now={now} />}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {pdfPath && (
          <a href={pdfPath} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
            View Abstract<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {fullPaperPdfPath && (
          <a href={fullPaperPdfPath} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
            View Full Paper<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {fullPaperDue && open && <ButtonLink to={`/submit-full-paper/${paper._id}`}>Submit Full Paper</ButtonLink>}
        {chat}
      </div>
    </div>
  );
}

/**
 * The committee's comments to the authors, once the organisers share them with the decision:
 * as Reviewer 1, Reviewer 2, never a mark. Asked for only when the paper is decided; nothing
 * shows until there is something to read.
 */
function ReviewerComments({ paper }: { paper: AuthorPaper }) {
  const decided = paper.status === 'abstract_accepted' || paper.status === 'declined';
  const comments = useReviewerComments(paper._id, decided);
  if (!comments.data || comments.data.length === 0) return null;
  return (
    <section aria-labelledby={`reviewers-${paper._id}`} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id={`reviewers-${paper._id}`} className="font-semibold text-slate-900">
        Reviewers’ comments
      </h3>
      <ul className="mt-2 space-y-3">
        {comments.data.map((comment) => (
          <li key={comment.label} data-testid="reviewer-comment">
            <p className="text-sm font-semibold text-slate-800">{comment.label}</p>
            <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-700">{comment.comments}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
